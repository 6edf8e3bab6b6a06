import path from "node:path";
import { loadDotEnv, readConfig } from "#server/config";
import { connectDb } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";

loadDotEnv();
const config = readConfig();
const db = connectDb({
  databaseUrl: config.databaseUrl,
  sqlitePath: path.join(config.dataDir, "utsav.db"),
});
await migrateToLatest(db);
await db.destroy();
console.log(
  `Migrated ${config.databaseUrl ? "PostgreSQL" : path.join(config.dataDir, "utsav.db")}`,
);
