import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Kysely, sql } from "kysely";
import { engines, freshDb } from "../../tests/helpers/api";
import { newPostgresDatabase } from "../../tests/helpers/postgres";
import { connectDb, type Db } from "./connect";
import { reusableStatement } from "./reusable-statement";

describe.each(engines)("reusableStatement (%s)", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(engine));
    await db
      .insertInto("users")
      .values(
        ["a", "b", "c"].map((id) => ({
          id,
          email: `${id}@example.com`,
          firstName: id.toUpperCase(),
          lastName: "Reuse",
          createdAt: "2026-11-29T00:00:00.000Z",
          updatedAt: "2026-11-29T00:00:00.000Z",
        })),
      )
      .execute();
  });
  afterAll(() => drop());

  it("runs with each call's own values, a fixed value kept, a slot used twice filled twice", async () => {
    const built: number[] = [];
    const renamed = reusableStatement(["id", "name"], (db, v) => {
      built.push(1);
      return db
        .updateTable("users")
        .set({ firstName: v.name, lastName: v.name })
        .where("id", "=", v.id)
        .where("email", "like", "%@example.com");
    });
    const results = await Promise.all(
      ["a", "b", "c"].map((id) => renamed(db, { id, name: `Name ${id}` })),
    );
    expect(results.map((r) => Number(r.numAffectedRows))).toEqual([1, 1, 1]);
    const none = await renamed(db, { id: "nobody", name: "X" });
    expect(Number(none.numAffectedRows)).toBe(0);
    const rows = await db
      .selectFrom("users")
      .select(["id", "firstName", "lastName"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { id: "a", firstName: "Name a", lastName: "Name a" },
      { id: "b", firstName: "Name b", lastName: "Name b" },
      { id: "c", firstName: "Name c", lastName: "Name c" },
    ]);
    // In a transaction, the same statement sees the transaction's own writes.
    await db.transaction().execute(async (trx) => {
      expect(Number((await renamed(trx, { id: "a", name: "In trx" })).numAffectedRows)).toBe(1);
      const inside = await trx
        .selectFrom("users")
        .select("firstName")
        .where("id", "=", "a")
        .execute();
      expect(inside).toEqual([{ firstName: "In trx" }]);
    });
    // Built once for this database and its transactions, however many runs.
    expect(built).toHaveLength(1);
  });

  it("reads rows back", async () => {
    const named = reusableStatement(["id"], (db, v) =>
      db.selectFrom("users").select("firstName").where("id", "=", v.id),
    );
    expect((await named(db, { id: "b" })).rows).toEqual([{ firstName: "Name b" }]);
    expect((await named(db, { id: "zzz" })).rows).toEqual([]);
  });

  it("refuses a slot the statement does not send as a parameter", async () => {
    const unused = reusableStatement(["id", "forgotten"], (db, v) =>
      db.selectFrom("users").select("id").where("id", "=", v.id),
    );
    await expect(async () => unused(db, { id: "a", forgotten: "x" })).rejects.toThrow(/forgotten/);
  });
});

describe.skipIf(!engines.includes("postgres"))("reusableStatement on PostgreSQL", () => {
  it("is a prepared statement of the connection, made once however many runs", async () => {
    const database = await newPostgresDatabase();
    const db = connectDb({ databaseUrl: database.url, poolSize: 1 });
    try {
      const now = reusableStatement(["x"], (db, v) => db.selectNoFrom((eb) => eb.val(v.x).as("x")));
      for (const x of ["a", "b", "c"]) expect((await now(db, { x })).rows).toEqual([{ x }]);
      // One connection: the prepared statements listed are the ones this pool made.
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements
        where name like 'reusable_%'`.execute(db);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.statement).toMatch(/^\/\* reusable \*\/ select \$1 as "x"/);
      // A statement that is not reusable is not prepared.
      await sql`select 1`.execute(db);
      const after = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements`.execute(db);
      expect(after.rows[0]!.n).toBe(1);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });

  it("prepares afresh after a migration changes what the statement returns", async () => {
    const database = await newPostgresDatabase();
    const db = connectDb({ databaseUrl: database.url, poolSize: 1 });
    try {
      await sql`create table reuse_check (id text primary key)`.execute(db);
      await sql`insert into reuse_check values ('a')`.execute(db);
      const all = reusableStatement(["id"], (db, v) =>
        (db as unknown as Kysely<{ reuse_check: { id: string } }>)
          .selectFrom("reuse_check")
          .selectAll()
          .where("id", "=", v.id),
      );
      expect((await all(db, { id: "a" })).rows).toEqual([{ id: "a" }]);
      await sql`alter table reuse_check add column note text`.execute(db);
      // The run that meets the change fails (PostgreSQL refuses the old plan's shape); the next
      // one prepares the statement again.
      await expect(all(db, { id: "a" })).rejects.toThrow(/result type/);
      expect((await all(db, { id: "a" })).rows).toEqual([{ id: "a", note: null }]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
