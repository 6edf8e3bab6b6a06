/**
 * `npx tsx scripts/lib/profile-seed.ts DIR [N]`: seeds DIR/utsav.db (SQLite) the way `npm run bench`
 * does (N published events, default 100,000, and the bench user) and prints the bench user's
 * session token, so a compiled server can be started on it by hand for `node --cpu-prof` under
 * autocannon load:
 *
 *   DATA_DIR=DIR DATABASE_URL= NODE_ENV=production RATE_LIMIT=off MAIL_WORKER=off PORT=43210 \
 *     node --cpu-prof build-x/node/server.js
 *   npx autocannon -c 32 -d 10 -H "cookie: utsav_session=TOKEN" http://127.0.0.1:43210/
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { connectDb } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { prepareBenchData } from "./bench-data";

const dir = path.resolve(process.argv[2] ?? "data-profile");
const count = Number(process.argv[3] ?? 100_000);
mkdirSync(dir, { recursive: true });
const db = connectDb({ sqlitePath: path.join(dir, "utsav.db") });
await migrateToLatest(db);
const bench = await prepareBenchData(db, dir, count);
await db.destroy();
console.log(JSON.stringify({ sessionToken: bench.sessionToken, eventNumber: bench.eventNumber }));
