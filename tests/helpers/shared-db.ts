import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";

/**
 * One fresh database reached through two separate connections (pools), as two processes reach
 * it: a SQLite file, or a new PostgreSQL database dropped on close.
 */
export async function twoConnections(
  engine: "sqlite" | "postgres",
): Promise<{ a: Db; b: Db; drop(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "utsav-two-"));
    const file = path.join(dir, "utsav.db");
    const a = connectDb({ sqlitePath: file, waitMs: 5000 });
    await migrateToLatest(a);
    const b = connectDb({ sqlitePath: file, waitMs: 5000 });
    return {
      a,
      b,
      async drop() {
        await a.destroy();
        await b.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `utsav_t_${randomBytes(6).toString("hex")}`;
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  });
  await sql.raw(`create database "${name}"`).execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const a = connectDb({ databaseUrl: url.toString(), poolSize: 4 });
  await migrateToLatest(a);
  const b = connectDb({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    a,
    b,
    async drop() {
      await a.destroy();
      await b.destroy();
      await sql.raw(`drop database if exists "${name}" with (force)`).execute(admin);
      await admin.destroy();
    },
  };
}
