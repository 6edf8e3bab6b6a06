import path from "node:path";
import { parseArgs } from "node:util";
import { loadDotEnv, readConfig } from "#server/config";
import { connectDb } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { seedEvents } from "#server/db/seed";
import { systemClock } from "#server/lib/clock";
import { localStorage } from "#server/storage/storage";

/** `npm run db:seed -- --events 60 [--drafts 2] [--seed 7] [--email someone@example.com]` */
const { values } = parseArgs({
  options: {
    events: { type: "string", default: "40" },
    drafts: { type: "string", default: "2" },
    seed: { type: "string" },
    email: { type: "string" },
  },
});
const count = Number(values.events);
if (!Number.isInteger(count) || count < 1 || count > 200_000) {
  console.error("--events must be a whole number from 1 to 200000");
  process.exit(1);
}

loadDotEnv();
const config = readConfig();
const db = connectDb({
  databaseUrl: config.databaseUrl,
  sqlitePath: path.join(config.dataDir, "utsav.db"),
});
try {
  await migrateToLatest(db);
  const started = Date.now();
  const result = await seedEvents(
    { db, clock: systemClock, storage: localStorage(path.join(config.dataDir, "uploads")) },
    {
      count,
      drafts: Number(values.drafts) || 0,
      seed: values.seed ? Number(values.seed) : Date.now() % 100_000,
      creatorEmail: values.email,
    },
  );
  console.log(
    `Seeded ${result.eventNumbers.length} events for ${result.creatorEmail} in ${Date.now() - started} ms; ` +
      `showcase: /event/${result.showcase.eventNumber}`,
  );
} finally {
  await db.destroy();
}
