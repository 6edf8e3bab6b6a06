import { Migrator } from "kysely";
import { connectDb, type Db } from "#server/db/connect";
import { migrationProvider } from "#server/db/migrations";
import { newPostgresDatabase } from "./postgres";

/**
 * An empty database on `engine`, not migrated yet: migrate it up to a point, put old rows in, then
 * test what a later migration does to them. `drop` closes and removes it.
 */
export async function dbAt(engine: "sqlite" | "postgres", poolSize = 2) {
  if (engine === "sqlite") {
    const db = connectDb({ sqlitePath: ":memory:" });
    return { db, drop: () => db.destroy() };
  }
  const database = await newPostgresDatabase();
  const db = connectDb({ databaseUrl: database.url, poolSize });
  return {
    db,
    async drop() {
      await db.destroy();
      await database.drop();
    },
  };
}

/** Migrates `db` up to the migration named `to`, or to the latest. */
export async function migrate(db: Db, to?: string) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest();
  if (error) throw error;
}

/** When the old rows of the migration tests were written. */
export const OLD_ROWS_AT = "2026-11-21T06:30:00.000Z";

/** A user row with the columns every migration has had. */
export async function addOldUser(db: Db, id: string) {
  await db
    .insertInto("users")
    .values({
      id,
      email: `${id}@example.com`,
      firstName: id,
      createdAt: OLD_ROWS_AT,
      updatedAt: OLD_ROWS_AT,
    })
    .execute();
}

/** A published event row of user "org" with the columns of the migration reached, plus `extra`. */
export async function addOldEvent(
  db: Db,
  eventNumber: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  await db
    .insertInto("events")
    .values({
      eventNumber,
      madeBy: "org",
      status: "active",
      version: 1,
      createdAt: OLD_ROWS_AT,
      updatedAt: OLD_ROWS_AT,
      ...extra,
    })
    .execute();
  const row = await db
    .selectFrom("events")
    .select("id")
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirstOrThrow();
  return row.id;
}
