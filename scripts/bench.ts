/**
 * `npm run bench [-- --pg] [-- --soak] [-- --rush] [-- --gate] [-- --certificates] [-- --lighthouse] [-- --events N] [-- --duration S]`
 *
 * Builds, seeds N events (default 100,000) into a temporary database, starts the app, and
 * measures on that one server, in one run: the machine's floor (a plain `node:http` server
 * answering a constant string, started beside the app), the app's floor (/ping, a Remix resource
 * route returning a constant string), the main pages and API calls, and a login. Prints
 * requests/s, p50/p99 latency, errors and each row's throughput as a ratio of both floors (the
 * load comes from wrk when installed, else autocannon, with a browser's Accept-Encoding:
 * scripts/lib/load.ts says why); then the API text-search latency (p50/p95 over varied
 * queries, one at a time), then the gzipped JS and CSS each page loads.
 * With --soak: 50 connections for 60 s over a mix of views, searches, logins and step saves,
 * checking for zero 5xx and timeouts and flat memory.
 * Every run (or --rush alone) ends with the registration rush: 1,000 signed-in users register for
 * one event with capacity 500 over 50 connections (scripts/lib/rush.ts).
 * Then SPEC-2 §4: the organiser's page and CSV for an event of 10,000 registrants, and the event
 * page with view counting on and off (one server, SIGUSR2 toggling counting between rounds).
 * `--only-organiser` measures only that part.
 * Then SPEC-2 §5: 1,000 certificates issued in five shares, and the signed-in event page in
 * windows while their PDFs are made and with none, interleaved (`--certificates` runs only that part). `--pages` runs only the page
 * rows, the registration rush and the certificates (no organiser part, reminders or later parts);
 * with `--busy` the page rows and the certificates run beside the outside load too.
 * Then the reminder run (`--reminders N`, default 10,000; `--reminders-only` runs it alone): N
 * reminders due at once, sent to disk by two workers, on SQLite and on PostgreSQL.
 * Then the followers' digest (SPEC-4 §6; `--digest N`, default 20,000; `--digest-only` runs it
 * alone): an organisation with N followers publishes; two workers queue and send the digest.
 * Then the gate rush (SPEC-3 §5; `--gate` runs it alone): 5,000 tickets, 20 scanners at once, each
 * ticket scanned twice from two scanners, and a sync of 500 offline scans, on SQLite and on
 * PostgreSQL when reachable (scripts/lib/bench-gate.ts).
 * `--zip` runs only the ZIP of 500 submissions of 1 MB (first byte, RSS growth; scripts/lib/bench-zip.ts).
 * `--judging` runs only the leaderboard of a round with 2,000 submissions and 3 judges each, on
 * SQLite and PostgreSQL (scripts/lib/bench-judging.ts); every full run ends with it too.
 * Then the quiz rush (SPEC-3 §4; `--quiz` runs it alone, `--quiz-students N`, default 2,000): N
 * students start one 20-question quiz within 10 s, save 20 answers each and submit, on SQLite and
 * on PostgreSQL when reachable (scripts/lib/bench-quiz.ts); `--quiz-think-ms MIN-MAX` is the
 * pause before each answer (default 1000-5000; `0` for a closed loop that measures capacity);
 * `--quiz-processes N` runs the server with WEB_CONCURRENCY=N. `--engine sqlite|postgres` runs the
 * gate and quiz rushes on that engine only.
 * `--paid` runs only the paid rush (SPEC-4 §6): 1,000 registrations for a paid event of capacity
 * 500 (exactly 500 held, p50/p99), then the holds of one minute expire (all 500 released within
 * 60 s, counted), on SQLite and on PostgreSQL when reachable (scripts/lib/bench-paid.ts).
 * Then the statement import (SPEC-4 §6; `--import` runs it alone): 50,000 lines against 10,000
 * claimed payments, time and RSS growth, then the same file again, on SQLite and PostgreSQL
 * (scripts/lib/bench-import.ts).
 * `--lighthouse` runs only Lighthouse's mobile audit over the main pages (scripts/lib/lighthouse.ts).
 * `--ab build-a,build-b [--rounds N]` runs only an interleaved A/B of two existing builds' signed-in
 * pages on one seeded database (scripts/lib/bench-ab.ts); `--processes 1,2` the same for one
 * build run with WEB_CONCURRENCY=1 and =2 (issue 30).
 * `--render-ab build-a,build-b [--rounds N]` runs only the two builds' Remix handlers in this
 * process on one API and database, and compares each signed-in page's CPU per request
 * (scripts/lib/bench-render.ts).
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import {
  BROWSER_HEADERS,
  type LoadRow,
  type LoadTarget,
  loadClient,
  measureLoad,
} from "./lib/load";
import { pageAssets, readClientManifest, WATCHED_PAGES } from "./lib/page-assets";
import { resolveBuildDir } from "./lib/build-dir.mjs";
import { prepareBenchData } from "./lib/bench-data";
import { parseBusy, withBusy } from "./lib/busy";
import { prepareRush, runRush } from "./lib/rush";
import { organiserFigures, seedRegistrants } from "./lib/organiser-bench";
import { reminderRun } from "./lib/bench-reminders";
import { digestRun } from "./lib/bench-digest";
import { certificatePart, seedCertificateBench } from "./lib/bench-certificates";
import { abRun } from "./lib/bench-ab";
import { gateRun } from "./lib/bench-gate";
import { judgingRun } from "./lib/bench-judging";
import { quizRun } from "./lib/bench-quiz";
import { paidRun } from "./lib/bench-paid";
import { renderAb } from "./lib/bench-render";
import { startBuiltServer, waitFor } from "./lib/bench-server";
import { zipRun } from "./lib/bench-zip";
import { importRun } from "./lib/bench-import";
import { costRatio, goalLines } from "./lib/bench-summary";

// `--busy` (one core) or `--busy=N`: an outside load beside every rush (scripts/lib/busy.ts).
const { cores: BUSY, argv } = parseBusy(process.argv.slice(2));
const { values: args } = parseArgs({
  args: argv,
  options: {
    pg: { type: "boolean", default: false },
    soak: { type: "boolean", default: false },
    rush: { type: "boolean", default: false },
    events: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    "skip-build": { type: "boolean", default: false },
    // Compare builds in the same conditions: `--skip-build --build-dir build-before`.
    "build-dir": { type: "string", default: "build-bench" },
    "only-organiser": { type: "boolean", default: false },
    reminders: { type: "string", default: "10000" },
    "reminders-only": { type: "boolean", default: false },
    digest: { type: "string", default: "20000" },
    "digest-only": { type: "boolean", default: false },
    gate: { type: "boolean", default: false },
    judging: { type: "boolean", default: false },
    quiz: { type: "boolean", default: false },
    paid: { type: "boolean", default: false },
    "quiz-students": { type: "string", default: "2000" },
    "quiz-think-ms": { type: "string", default: "1000-5000" },
    "quiz-processes": { type: "string", default: "1" },
    // The gate and quiz rushes on one engine only (`sqlite` or `postgres`); both when absent.
    engine: { type: "string" },
    certificates: { type: "boolean", default: false },
    pages: { type: "boolean", default: false },
    lighthouse: { type: "boolean", default: false },
    ab: { type: "string" },
    "render-ab": { type: "string" },
    processes: { type: "string" },
    rounds: { type: "string", default: "6" },
    zip: { type: "boolean", default: false },
    import: { type: "boolean", default: false },
  },
});

const BUILD_DIR = resolveBuildDir(args["build-dir"]);
if (args.engine && args.engine !== "sqlite" && args.engine !== "postgres")
  throw new Error(`--engine ${args.engine}: sqlite or postgres`);
/** Whether the gate and quiz rushes run on `engine` (`--engine`). */
const onEngine = (engine: "sqlite" | "postgres") => !args.engine || args.engine === engine;
const eventsCount = Number(args.events);
const duration = Number(args.duration);
const connections = Number(args.connections);

function log(line: string) {
  process.stderr.write(`${line}\n`);
}

async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `utsav_bench_${Date.now().toString(36)}`;
  const db = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: admin, max: 1 }) }),
  });
  await sql.raw(`create database "${name}"`).execute(db);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql.raw(`drop database if exists "${name}" with (force)`).execute(db);
      await db.destroy();
    },
  };
}

/** The machine's floor: a bare `node:http` server answering a constant string, in its own process. */
function startNodeFloor(port: number): ChildProcess {
  const code = `require("node:http").createServer((q, s) => { s.setHeader("content-type", "text/plain"); s.end("ok"); }).listen(${port}, "127.0.0.1")`;
  return spawn(process.execPath, ["-e", code], { stdio: ["ignore", "ignore", "inherit"] });
}

/** One throughput row: `connections` for `duration` seconds, with a browser's Accept-Encoding. */
function measure(name: string, url: string, extra: Partial<LoadTarget> = {}) {
  return measureLoad(name, {
    url,
    connections,
    duration,
    ...extra,
    headers: { ...BROWSER_HEADERS, ...extra.headers },
  });
}

/** Latency as printed: whole ms, one decimal under 10 ms. */
const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const started = Date.now();
  if (!args["skip-build"] && !args.ab && !args["render-ab"]) {
    log("== building");
    execSync("npm run build", { stdio: "ignore", env: { ...process.env, BUILD_DIR } });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-bench-"));
  const pgDb = args.pg ? await createPgDatabase() : null;
  const db: Db = connectDb(
    pgDb ? { databaseUrl: pgDb.url } : { sqlitePath: path.join(dataDir, "utsav.db") },
  );
  await migrateToLatest(db);

  log(`== seeding ${eventsCount} events into ${pgDb ? "PostgreSQL" : "SQLite"}`);
  const seedStart = Date.now();
  const bench = await prepareBenchData(db, dataDir, eventsCount);
  const rush = await prepareRush(db);
  const registrantsEvent = await seedRegistrants(db, bench.userId, 10_000);
  const certBench =
    args.soak || args.lighthouse || args.ab || args.processes || args["render-ab"]
      ? null
      : await seedCertificateBench(db);
  const seedSeconds = (Date.now() - seedStart) / 1000;
  await db.destroy();

  const start = (extraEnv: Record<string, string> = {}, buildDir = BUILD_DIR) =>
    startBuiltServer({
      buildDir,
      dataDir,
      port: 43000 + Math.floor(Math.random() * 1000),
      databaseUrl: pgDb?.url,
      env: {
        // The soak runs with rate limits on: its logins must meet them (429) and nothing else.
        RATE_LIMIT: args.soak ? "on" : "off",
        // As behind one load balancer: view counting's visitors come with X-Forwarded-For.
        TRUST_PROXY: "1",
        WEB_CONCURRENCY: "1",
        ...extraEnv,
      },
    });
  if (args["render-ab"]) {
    const builds = args["render-ab"].split(",").map((d) => path.resolve(d)) as [string, string];
    try {
      console.log(
        (await renderAb({ builds, rounds: Number(args.rounds), dataDir, bench, log })).join("\n"),
      );
    } finally {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  if (args.ab || args.processes) {
    // Two builds, or one build with two process counts (WEB_CONCURRENCY).
    const sides = (args.ab ?? args.processes)!.split(",") as [string, string];
    const builds = args.ab ? (sides.map((d) => path.resolve(d)) as [string, string]) : sides;
    try {
      const lines = await abRun({
        ...{ builds, rounds: Number(args.rounds), duration, connections, bench, waitFor, log },
        start: (side) =>
          args.ab ? start({}, builds[side]) : start({ WEB_CONCURRENCY: builds[side] }),
      });
      console.log(lines.join("\n"));
    } finally {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    return;
  }
  const { base, child: server } = start();
  const floorPort = 44000 + Math.floor(Math.random() * 1000);
  const nodeFloor = startNodeFloor(floorPort);
  try {
    await waitFor(`http://127.0.0.1:${floorPort}/`, nodeFloor);
    await waitFor(`${base}/api/v1/health`, server);
    // Warm up: JIT, caches, connection pools.
    await measureLoad("warm-up", { url: `${base}/`, connections: 8, duration: 2 });

    if (args.soak) {
      const { soak } = await import("./lib/soak");
      await soak({ base, bench, serverPid: server.pid! });
      return;
    }

    // --lighthouse: only Lighthouse's mobile run over the main pages (scripts/lib/lighthouse.ts).
    if (args.lighthouse) {
      const { lighthousePages, lighthouseRun } = await import("./lib/lighthouse");
      const pages = lighthousePages(bench.eventNumber, bench.draftNumber);
      const cookie = `utsav_session=${bench.sessionToken}`;
      console.log((await lighthouseRun({ base, cookie, pages, log })).join("\n"));
      return;
    }

    // --rush: only the registration rush (SPEC-2 §1), on this seeded database.
    if (args.rush) {
      console.log(
        [
          `Utsav registration rush: ${pgDb ? "PostgreSQL" : "SQLite"}, ${eventsCount.toLocaleString("en")} events, ${os.cpus().length} cores, Node ${process.version}`,
          "",
          ...(await withBusy(BUSY, () => runRush(base, rush))),
        ].join("\n"),
      );
      return;
    }

    // Certificates (SPEC-2 §5): issue 1,000 and watch the event page while their PDFs are made.
    const certificates = () =>
      certificatePart({
        base,
        databaseUrl: pgDb?.url,
        dataDir,
        bench: certBench!,
        pageUrl: `${base}/event/${bench.eventNumber}`,
        cookie: `utsav_session=${bench.sessionToken}`,
        duration,
        log,
      });
    if (args.certificates) {
      console.log((await withBusy(BUSY, certificates)).join("\n"));
      return;
    }

    const organiser = args.pages
      ? []
      : await organiserFigures({
          base,
          server,
          cookie: `utsav_session=${bench.sessionToken}`,
          registrantsEvent,
          pageEvent: bench.eventNumber,
          duration,
          connections,
          log,
        });
    if (args["only-organiser"]) {
      console.log(organiser.join("\n"));
      return;
    }

    const q = encodeURIComponent(bench.searchTerm);
    const rows: LoadRow[] = [];
    const targets: [string, string, Partial<LoadTarget>?][] = [
      ["floor node:http", `http://127.0.0.1:${floorPort}/`],
      ["floor /ping", `${base}/ping`],
      // Anonymous visitors: public pages may come from the few-second page cache.
      ["/", `${base}/`],
      ["/event/search", `${base}/event/search`],
      [`/event/search?q=${bench.searchTerm}`, `${base}/event/search?q=${q}`],
      [`/event/${bench.eventNumber}`, `${base}/event/${bench.eventNumber}`],
      // Signed in: the same pages rendered afresh every time (personal pages are never cached).
      ["/ (signed in)", `${base}/`, { headers: { cookie: `utsav_session=${bench.sessionToken}` } }],
      [
        "/event/search (signed in)",
        `${base}/event/search`,
        { headers: { cookie: `utsav_session=${bench.sessionToken}` } },
      ],
      [
        `/event/search?q=${bench.searchTerm} (signed in)`,
        `${base}/event/search?q=${q}`,
        { headers: { cookie: `utsav_session=${bench.sessionToken}` } },
      ],
      [
        `/event/${bench.eventNumber} (signed in)`,
        `${base}/event/${bench.eventNumber}`,
        { headers: { cookie: `utsav_session=${bench.sessionToken}` } },
      ],
      // A signed-in page with no data of its own (the top bar, the footer, Remix's scripts): what
      // any rendered page costs before its loaders and content, the floor of the rows above.
      [
        "/privacypolicy (signed in)",
        `${base}/privacypolicy`,
        { headers: { cookie: `utsav_session=${bench.sessionToken}` } },
      ],
      [`/api/v1/event/find?q=${bench.searchTerm}`, `${base}/api/v1/event/find?q=${q}`],
      [
        "POST /api/v1/user/login",
        `${base}/api/v1/user/login`,
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: base },
          body: JSON.stringify({ email: bench.loginEmail, password: bench.loginPassword }),
        },
      ],
    ];
    await withBusy(BUSY, async () => {
      for (const [name, url, extra] of targets) {
        log(`== ${name}`);
        rows.push(await measure(name, url, extra));
      }
    });

    // Text search latency at the API: one request at a time over varied terms.
    const latencies: number[] = [];
    for (let i = 0; i < 300; i++) {
      const term = bench.searchTerms[i % bench.searchTerms.length];
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/event/find?q=${encodeURIComponent(term)}`);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);

    const certLines = await withBusy(BUSY, certificates);

    const [nodeFloorRps, pingFloor] = [rows[0].rps, rows[1].rps];
    const engine = pgDb ? "PostgreSQL" : "SQLite";
    const out: string[] = [];
    out.push(
      `Utsav benchmark: ${engine}, ${eventsCount.toLocaleString("en")} events (seeded in ${seedSeconds.toFixed(1)} s), ${connections} connections, ${duration} s each, ${os.cpus().length} cores, Node ${process.version}, load by ${loadClient()} with Accept-Encoding "${BROWSER_HEADERS["accept-encoding"]}"`,
    );
    out.push("");
    out.push(
      "| target | req/s | p50 ms | p99 ms | errors | non-2xx | × node:http | × /ping | cost × empty signed-in |",
    );
    out.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const r of rows) {
      const cost = costRatio(r, rows);
      out.push(
        `| ${r.name} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${r.non2xx} | ${(r.rps / nodeFloorRps).toFixed(3)} | ${(r.rps / pingFloor).toFixed(2)} | ${cost === null ? "" : cost.toFixed(2)} |`,
      );
    }
    out.push("");
    // The anonymous page rows (2 to 5) are answered from the page cache.
    out.push(
      ...goalLines(
        rows,
        rows.slice(2, 6).map((r) => r.name),
      ),
    );
    out.push(
      `Load average (1, 5, 15 min) at the end of the rows: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(", ")}`,
    );
    out.push("");
    out.push(
      `API text search, one at a time over ${bench.searchTerms.length} terms (300 requests): p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
    );
    out.push("");
    out.push(...(await withBusy(BUSY, () => runRush(base, rush))));
    out.push(...certLines);
    out.push("");
    out.push("| page | JS gzip KB | CSS gzip KB |");
    out.push("| --- | ---: | ---: |");
    const manifest = readClientManifest(BUILD_DIR);
    for (const [page, id] of Object.entries(WATCHED_PAGES)) {
      if (!manifest.routes[id]) continue;
      const a = pageAssets(BUILD_DIR, manifest, id);
      out.push(`| ${page} | ${(a.jsGzip / 1024).toFixed(1)} | ${(a.cssGzip / 1024).toFixed(1)} |`);
    }
    out.push("");
    out.push(...organiser);
    out.push("");
    out.push(`Total run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(out.join("\n"));
  } finally {
    for (const child of [server, nodeFloor]) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    // Views are counted in memory and written in batches; a clean stop writes the rest.
    const after = connectDb(
      pgDb ? { databaseUrl: pgDb.url } : { sqlitePath: path.join(dataDir, "utsav.db") },
    );
    const views = await after
      .selectFrom("eventViews")
      .innerJoin("events", "events.id", "eventViews.eventId")
      .select((eb) => eb.fn.sum<number>("views").as("n"))
      .where("events.eventNumber", "=", bench.eventNumber)
      .executeTakeFirst();
    await after.destroy();
    console.log(
      `\nViews of /event/${bench.eventNumber} in the database after a clean stop: ${Number(views?.n ?? 0).toLocaleString("en")}`,
    );
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** N reminders due at once, on SQLite and PostgreSQL (scripts/lib/bench-reminders.ts). */
async function reminders() {
  const count = Number(args.reminders);
  log(`== reminder run: ${count} reminders due at once`);
  console.log(await reminderRun("sqlite", count));
  const pgDb = await createPgDatabase().catch(() => null);
  if (!pgDb) return log("(PostgreSQL unreachable: its reminder run skipped)");
  try {
    console.log(await reminderRun("postgres", count, pgDb.url));
  } finally {
    await pgDb.drop();
  }
}

/** SPEC-4 §6: the followers' digest of an organisation with N followers (bench-digest.ts). */
async function digest() {
  const count = Number(args.digest);
  log(`== digest: an organisation with ${count} followers publishes`);
  console.log(await digestRun("sqlite", count));
  const pgDb = await createPgDatabase().catch(() => null);
  if (!pgDb) return log("(PostgreSQL unreachable: its digest run skipped)");
  try {
    console.log(await digestRun("postgres", count, pgDb.url));
  } finally {
    await pgDb.drop();
  }
}

/** SPEC-3 §3: the leaderboard of 2,000 submissions with 3 judges each, on SQLite and PostgreSQL. */
async function judging() {
  log("== judging: the leaderboard of 2,000 submissions, 3 judges each");
  console.log(await judgingRun("sqlite", 2000));
  const pgDb = await createPgDatabase().catch(() => null);
  if (!pgDb) return log("(PostgreSQL unreachable: its judging run skipped)");
  try {
    console.log(await judgingRun("postgres", 2000, pgDb.url));
  } finally {
    await pgDb.drop();
  }
}

/** SPEC-4 §6: a statement of 50,000 lines against 10,000 claimed payments, on SQLite and PostgreSQL. */
async function statementImport() {
  log("== statement import: 50,000 lines against 10,000 claimed payments");
  console.log(await importRun("sqlite", 10_000, 50_000));
  const pgDb = await createPgDatabase().catch(() => null);
  if (!pgDb) return log("(PostgreSQL unreachable: its import run skipped)");
  try {
    console.log(await importRun("postgres", 10_000, 50_000, pgDb.url));
  } finally {
    await pgDb.drop();
  }
}

/** The gate rush and sync on SQLite, then PostgreSQL when reachable (scripts/lib/bench-gate.ts). */
async function gate() {
  if (args.gate && !args["skip-build"]) {
    log("== building");
    execSync("npm run build", { stdio: "ignore", env: { ...process.env, BUILD_DIR } });
  }
  if (onEngine("sqlite")) {
    log("== gate rush on SQLite");
    console.log((await withBusy(BUSY, () => gateRun("sqlite", BUILD_DIR))).join("\n"));
  }
  if (!onEngine("postgres")) return;
  const pgDb = await createPgDatabase().catch(() => null);
  if (!pgDb) return log("(PostgreSQL unreachable: its gate rush skipped)");
  try {
    log("== gate rush on PostgreSQL");
    console.log(
      `\n${(await withBusy(BUSY, () => gateRun("postgres", BUILD_DIR, pgDb.url))).join("\n")}`,
    );
  } finally {
    await pgDb.drop();
  }
}

/** The quiz rush on SQLite, then PostgreSQL when reachable (scripts/lib/bench-quiz.ts). */
async function quizRush() {
  if (args.quiz && !args["skip-build"]) {
    log("== building");
    execSync("npm run build", { stdio: "ignore", env: { ...process.env, BUILD_DIR } });
  }
  const students = Number(args["quiz-students"]);
  const [min, max = min] = String(args["quiz-think-ms"]).split("-").map(Number) as [
    number,
    number?,
  ];
  const think: [number, number] = [min, max];
  const processes = Number(args["quiz-processes"]);
  if (onEngine("sqlite")) {
    log("== quiz rush on SQLite");
    console.log(
      (
        await withBusy(BUSY, () =>
          quizRun("sqlite", BUILD_DIR, students, undefined, think, processes),
        )
      ).join("\n"),
    );
  }
  if (!onEngine("postgres")) return;
  const pgDb = await createPgDatabase().catch(() => null);
  if (!pgDb) return log("(PostgreSQL unreachable: its quiz rush skipped)");
  try {
    log("== quiz rush on PostgreSQL");
    console.log(
      `\n${(
        await withBusy(BUSY, () =>
          quizRun("postgres", BUILD_DIR, students, pgDb.url, think, processes),
        )
      ).join("\n")}`,
    );
  } finally {
    await pgDb.drop();
  }
}

/** The paid rush and its expiry on SQLite, then PostgreSQL when reachable (scripts/lib/bench-paid.ts). */
async function paidRush() {
  if (args.paid && !args["skip-build"]) {
    log("== building");
    execSync("npm run build", { stdio: "ignore", env: { ...process.env, BUILD_DIR } });
  }
  log("== paid rush on SQLite");
  console.log((await paidRun("sqlite", BUILD_DIR)).join("\n"));
  const pgFree = await createPgDatabase().catch(() => null);
  if (!pgFree) return log("(PostgreSQL unreachable: its paid rush skipped)");
  const pgPaid = await createPgDatabase();
  try {
    log("== paid rush on PostgreSQL");
    const pg = { free: pgFree.url, paid: pgPaid.url };
    console.log(`\n${(await paidRun("postgres", BUILD_DIR, pg)).join("\n")}`);
  } finally {
    await pgFree.drop();
    await pgPaid.drop();
  }
}

// --zip: only the ZIP of a submission round (SPEC-3 §2), in this process (scripts/lib/bench-zip.ts).
if (args.zip) {
  console.log(await zipRun());
  process.exit(0);
}
if (args["digest-only"]) {
  await digest();
  process.exit(0);
}
if (args.import) await statementImport();
else if (args.judging) await judging();
else if (args.quiz) await quizRush();
else if (args.paid) await paidRush();
else {
  if (!args["reminders-only"] && !args.gate) await main();
  const abOnly = args.ab || args.processes || args["render-ab"];
  // Parts asked for alone (they return from main()) end the run there.
  const alone =
    args.rush || args.lighthouse || args.certificates || args.pages || args["only-organiser"];
  const whole = !alone && !abOnly;
  if (whole && !args.gate) await reminders();
  if (whole && !args.gate && !args["reminders-only"]) await digest();
  if (whole && !args["reminders-only"]) await gate();
  if (whole && !args["reminders-only"] && !args.gate) {
    await judging();
    await quizRush();
    await statementImport();
  }
}
