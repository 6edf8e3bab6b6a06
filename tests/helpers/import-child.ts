/**
 * A statement import in a process of its own, for the test that kills it half-way
 * (payments-import-kill.test.ts): SQLITE_PATH or DATABASE_URL, EVENT_NUMBER, CSV_PATH. It prints
 * `chunk {lines}` after each committed chunk.
 */
import { readFileSync } from "node:fs";
import { readConfig } from "#server/config";
import { connectDb } from "#server/db/connect";
import { systemClock } from "#server/lib/clock";
import { mailerFor } from "#server/lib/deps";
import { importStatementBytes } from "#server/services/payments/statement-import";

const db = connectDb({
  databaseUrl: process.env.DATABASE_URL,
  sqlitePath: process.env.SQLITE_PATH,
  waitMs: 5000,
});
const event = await db
  .selectFrom("events")
  .selectAll()
  .where("eventNumber", "=", process.env.EVENT_NUMBER ?? "")
  .executeTakeFirstOrThrow();
const user = await db
  .selectFrom("users")
  .selectAll()
  .where("id", "=", event.madeBy)
  .executeTakeFirstOrThrow();
const config = readConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000" });
const deps = { db, clock: systemClock, config, mail: mailerFor(systemClock) };
const columns = { dateColumn: "Date", amountColumn: "Amount", narrationColumn: "Narration" };
await importStatementBytes(
  deps,
  { event, user, role: "owner" },
  readFileSync(process.env.CSV_PATH ?? ""),
  columns,
  (done) => console.log(`chunk ${done}`),
);
console.log("done");
await db.destroy();
