/**
 * Renders the main pages with two builds on one database, anonymous and signed in, and compares
 * their HTML (issue 44: a change of dependency or framework set-up must leave every page as it
 * was). What differs between any two builds is masked first: the CSP nonce, the assets' content
 * hashes, the manifest's version and the request's clock.
 *
 *   DATA_DIR=/tmp/cmp npm run db:seed -- --events 60 --seed 7 --email lead@example.com
 *   npx tsx scripts/compare-builds.ts /tmp/cmp /path/to/project-a/build /path/to/project-b/build
 *
 * Each build runs from its own project folder (the folder above it), so each uses that folder's
 * node_modules. Prints each page that differs with the first difference; exits 1 if any does.
 */

import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import SQLite from "better-sqlite3";
const [dataDir, buildA, buildB] = process.argv.slice(2);
const db = new SQLite(`${dataDir}/utsav.db`);
const creator = db.prepare("select id from users where email = ?").get("lead@example.com") as {
  id: string;
};
const token = randomBytes(32).toString("base64url");
const sha = createHash("sha256").update(token).digest("hex");
const now = new Date();
db.prepare(
  "insert into sessions (tokenHash, userId, expiresAt, createdAt) values (?, ?, ?, ?)",
).run(sha, creator.id, new Date(now.getTime() + 864e5).toISOString(), now.toISOString());
const ev = db
  .prepare("select eventNumber from events where madeBy = ? and publishedAt is not null limit 1")
  .get(creator.id) as { eventNumber: string };
const draft = db
  .prepare("select eventNumber from events where madeBy = ? and publishedAt is null limit 1")
  .get(creator.id) as { eventNumber: string } | undefined;
db.close();
const n = ev.eventNumber;
const pages = [
  "/",
  "/event/search",
  "/event/search?q=fest",
  "/event/search?type=Hackathon",
  `/event/${n}`,
  "/login",
  "/signup",
  "/forgot-password",
  "/privacypolicy",
  "/event/category",
  "/feedback",
];
const signed = [
  ...pages,
  "/my/event",
  "/my/registrations",
  "/my/saved",
  "/my/certificates",
  "/profile",
  `/my/event/${n}`,
  `/event/create/${n}/step1`,
  `/event/create/${n}/step2`,
  `/event/create/${n}/step3`,
  ...(draft ? [`/event/create/${draft.eventNumber}/step3`] : []),
  `/event/${n}/register`,
];
async function start(build: string, port: number) {
  const cwd = build.replace(/\/[^/]+$/, "");
  const dir = build.slice(cwd.length + 1);
  const child = spawn("node", [`${build}/node/server.js`], {
    cwd,
    env: {
      ...process.env,
      BUILD_DIR: dir,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      RATE_LIMIT: "off",
      PAGE_CACHE_SECONDS: "0",
      VIEW_COUNTING: "off",
      MAIL_WORKER: "off",
      APP_URL: "http://localhost:5000",
    },
    stdio: "inherit",
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/v1/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("no start");
}
const norm = (h: string) =>
  h
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/"nonce":"[^"]*"/g, "")
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css)/g, "$1.$2")
    .replace(/"version": ?"[0-9a-f]+"/g, '"version":""')
    .replace(/manifest-[0-9a-f]+\.js/g, "manifest.js")
    .replace(/(now\\",\\")[0-9T:.Z-]+/g, "$1NOW");
const a = await start(buildA, 5101);
const b = await start(buildB, 5102);
let same = 0,
  diff = 0;
for (const [who, list] of [
  ["anon", pages],
  ["signed", signed],
] as const) {
  for (const p of list) {
    const headers: Record<string, string> =
      who === "signed" ? { cookie: `utsav_session=${token}` } : {};
    const [ha, hb] = await Promise.all(
      [5101, 5102].map(async (port) => {
        const r = await fetch(`http://localhost:${port}${p}`, { headers, redirect: "manual" });
        return `${r.status}\n${norm(await r.text())}`;
      }),
    );
    if (ha === hb) {
      same++;
      continue;
    }
    diff++;
    const stripped = (h: string) => h.replace(/ fetchPriority="low"/g, "");
    // Reported apart: the attribute the @remix-run/react patch added (issue 44).
    if (stripped(ha) === stripped(hb)) {
      console.log(`fetchPriority only: ${who} ${p}`);
      diff++;
      continue;
    }
    const sa = stripped(ha),
      sb = stripped(hb);
    let i = 0;
    while (sa[i] === sb[i]) i++;
    console.log(
      `DIFF ${who} ${p} (${ha.length} vs ${hb.length}) at ${i}:\n  A: ${ha.slice(i - 60, i + 80)}\n  B: ${hb.slice(i - 60, i + 80)}`,
    );
  }
}
console.log(`same ${same}, different ${diff}`);
a.kill();
b.kill();
process.exitCode = diff > 0 ? 1 : 0;
