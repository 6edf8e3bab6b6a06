import type { Db } from "#server/db/connect";
import type { Database } from "#server/db/schema";

/** The tables a refused or failed write must leave as they were. */
export const CORE_TABLES = [
  "users",
  "sessions",
  "tokens",
  "events",
  "uploads",
  "mailOutbox",
] as const;

/** Every row of `tables`, as sorted JSON per table: two snapshots are equal when nothing changed. */
export async function snapshotTables(
  db: Db,
  tables: readonly (keyof Database)[],
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    out[table] = (await db.selectFrom(table).selectAll().execute())
      .map((r) => JSON.stringify(r))
      .sort();
  }
  return out;
}
