import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { newPostgresDatabase } from "./postgres";

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
  const database = await newPostgresDatabase();
  const a = connectDb({ databaseUrl: database.url, poolSize: 4 });
  await migrateToLatest(a);
  const b = connectDb({ databaseUrl: database.url, poolSize: 4 });
  return {
    a,
    b,
    async drop() {
      await a.destroy();
      await b.destroy();
      await database.drop();
    },
  };
}
