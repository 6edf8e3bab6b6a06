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
