import { randomBytes } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";

/**
 * A new, empty PostgreSQL database on the server of TEST_DATABASE_URL: its address, and `drop`,
 * which removes it (after the caller has closed its own connections).
 */
export async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `utsav_t_${randomBytes(6).toString("hex")}`;
  const admin = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  });
  await sql.raw(`create database "${name}"`).execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql.raw(`drop database if exists "${name}" with (force)`).execute(admin);
      await admin.destroy();
    },
  };
}
