import { Migrator } from "kysely";
import { connectDb, type Db } from "#server/db/connect";
import { migrationProvider } from "#server/db/migrations";
import { newPostgresDatabase } from "./postgres";

/** An empty database (no migration run yet), to test what a later migration does to old rows. */
export async function dbAt(engine: "sqlite" | "postgres") {
  if (engine === "sqlite") {
    const db = connectDb({ sqlitePath: ":memory:" });
    return { db, drop: () => db.destroy() };
  }
  const database = await newPostgresDatabase();
  const db = connectDb({ databaseUrl: database.url, poolSize: 4 });
  return {
    db,
    async drop() {
      await db.destroy();
      await database.drop();
    },
  };
}

/** Runs the migrations up to `to` (all of them without it). */
export async function migrate(db: Db, to?: string) {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest();
  if (error) throw error;
}
