import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";
import { registerIndividuals, insertPublishedEvent } from "./bench-registrations";
import { pdfLossLine } from "./bench-summary";
import { connectDb, type Db } from "#server/db/connect";
import { readConfig } from "#server/config";
import { systemClock } from "#server/lib/clock";
import { newId } from "#server/lib/crypto";
import { createSession } from "#server/services/accounts/sessions";
import { newUserRow } from "#server/services/accounts/new-user-row";

/**
 * Certificates in the benchmark: 1,000 people registered for a closed event, issued in one call,
 * and the event page's latency measured before and while their PDFs are being made.
 */
export interface CertificateBench {
  eventNumber: string;
  eventId: number;
  organiserToken: string;
  /** Users made for the run, registered a share at a time (`registerShare`). */
  people: string[];
}

const PEOPLE = 1000;
/** Issues in the run: each one's PDFs are made while the page is loaded, then without. */
const CYCLES = 5;

export async function seedCertificateBench(db: Db): Promise<CertificateBench> {
  const now = Date.now();
  const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();
  const organiserId = newId();
  const user = (id: string, i: number) =>
    newUserRow(iso(-20), {
      id,
      email: `cert.${i}.${id}@example.com`,
      emailVerifiedAt: iso(0),
      firstName: i % 2 ? `Asha${i}` : `आशा`,
      lastName: i % 2 ? "Verma" : "वर्मा",
      course: "B.Tech",
      collegeName: "IIT Delhi",
    });
  await db.insertInto("users").values(user(organiserId, -1)).execute();
  // Its own number: the registration rush (scripts/lib/rush.ts) seeds 888888888 in the same run.
  const eventNumber = "777777777";
  const eventId = await insertPublishedEvent(db, iso(-20), {
    eventNumber,
    madeBy: organiserId,
    eventType: "Hackathon & Coding Challenges",
    eventName: "Certificate Bench Hackathon",
    organisationName: "IIT Delhi Coding Club",
    modeOfEvent: "Online",
    participationType: "individual",
    startDate: iso(-10),
    endDate: iso(-1),
  });
  const people: string[] = [];
  for (let start = 0; start < PEOPLE; start += 100) {
    const ids = Array.from({ length: 100 }, () => newId());
    await db
      .insertInto("users")
      .values(ids.map((id, k) => user(id, start + k)))
      .execute();
    people.push(...ids);
  }
  const organiserToken = await createSession(
    { db, clock: systemClock, config: readConfig({ NODE_ENV: "test" }) },
    organiserId,
  );
  return { eventNumber, eventId, organiserToken, people };
}

/** Registers the `k`-th of `CYCLES` shares of the people (the next issue's recipients). */
async function registerShare(db: Db, bench: CertificateBench, k: number): Promise<void> {
  const size = bench.people.length / CYCLES;
  const ids = bench.people.slice(k * size, (k + 1) * size);
  const iso = new Date(Date.now() - 5 * 86_400_000).toISOString();
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100).map((id) => ({ userId: id, registrationId: id }));
    await db
      .transaction()
      .execute((trx) => registerIndividuals(trx, bench.eventId, batch, "IIT Delhi", iso));
  }
  await db
    .updateTable("events")
    .set({ registrationCount: sql<number>`${(k + 1) * size}` })
    .where("id", "=", bench.eventId)
    .execute();
}

function cannon(opts: Record<string, unknown>): Promise<any> {
  return new Promise((resolve, reject) =>
    autocannon(opts, (err: Error | null, r: unknown) => (err ? reject(err) : resolve(r))),
  );
}

/**
 * Measures the event page while certificates' PDFs are made and without, interleaved: a window
 * with no PDF to make, then a share of the people registered and issued their certificates and a
 * window while their PDFs are made, `CYCLES` times, and a last window without. The page's rate
 * drifts by 5–30 % between windows minutes apart with no PDF in either (runs of 2026-11-29, 6 s
 * windows before, during and after one issue of 1,000), more than the loss to measure; windows
 * side by side, each kind spread over the whole run, cancel that drift.
 */
export async function runCertificateBench(options: {
  base: string;
  db: Db;
  bench: CertificateBench;
  pageUrl: string;
  cookie: string;
  duration: number;
  connections: number;
}): Promise<string[]> {
  const { base, db, bench, pageUrl, cookie, duration, connections } = options;
  const page = () => cannon({ url: pageUrl, connections, duration, headers: { cookie } });
  const made = async () =>
    Number(
      (
        await db
          .selectFrom("certificates")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("pdfKey", "is not", null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const until = async (done: () => Promise<boolean>, ms: number) => {
    const t0 = performance.now();
    while (!(await done()) && performance.now() - t0 < ms)
      await new Promise((r) => setTimeout(r, 100));
  };
  const without: any[] = [];
  const during: any[] = [];
  let issued = 0;
  let issueMs = 0;
  let makeMs = 0;
  let madeDuring = 0;
  for (let k = 0; k < CYCLES; k++) {
    without.push(await page());
    await registerShare(db, bench, k);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/event/${bench.eventNumber}/certificates`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: base,
        cookie: `utsav_session=${bench.organiserToken}`,
      },
      body: JSON.stringify({ kind: "participation" }),
    });
    issueMs += performance.now() - t0;
    const before = issued;
    issued += ((await res.json()) as { issued: number }).issued;
    // The load starts once the worker is making this issue's PDFs (its first one stored): on a
    // busy machine the worker, at nice 19, may take seconds to start.
    await until(async () => (await made()) > before, 120_000);
    const m0 = await made();
    during.push(await page());
    madeDuring += (await made()) - m0;
    // Under load the worker makes one PDF a second; without, the rest follow at once.
    await until(async () => (await made()) >= issued, 600_000);
    makeMs += performance.now() - t0;
  }
  without.push(await page());
  const mean = (rs: any[], f: (r: any) => number) =>
    rs.reduce((sum, r) => sum + f(r), 0) / rs.length;
  const row = (name: string, rs: any[]) =>
    `| ${name} | ${rs.length} | ${mean(rs, (r) => r.requests.average).toFixed(0)} | ${rs.map((r) => r.requests.average.toFixed(0)).join(", ")} | ${mean(rs, (r) => r.latency.p50).toFixed(0)} | ${mean(rs, (r) => r.latency.p99).toFixed(0)} | ${rs.reduce((n, r) => n + r.errors + r.timeouts, 0)} | ${rs.reduce((n, r) => n + r.non2xx, 0)} |`;
  return [
    `Certificates: ${issued.toLocaleString("en")} participation certificates issued in ${CYCLES} POSTs of ${issued / CYCLES} (${(issueMs / CYCLES / 1000).toFixed(2)} s each: rows and mails in one transaction), their PDFs made in the worker thread (${(makeMs / Math.max(1, issued)).toFixed(0)} ms each, counting the load's pauses); ${madeDuring} of them during the ${CYCLES} windows of ${duration} s of load while PDFs were made.`,
    "",
    `| event page (signed in), ${connections} connections | windows | req/s | each window's req/s, in order | p50 ms | p99 ms | errors | non-2xx |`,
    "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |",
    row("no PDF to make", without),
    row("while PDFs are made", during),
    "",
    pdfLossLine({
      without: without.map((r) => r.requests.average),
      during: during.map((r) => r.requests.average),
      pdfsDuring: madeDuring,
    }),
  ];
}

/**
 * The benchmark's certificate part: the signed-in event page at 4 connections (its latency, not
 * a saturated queue's) before issuing and while the PDFs are made. Opens its own database handle
 * to watch the PDFs being stored.
 */
export async function certificatePart(options: {
  base: string;
  databaseUrl?: string;
  dataDir: string;
  bench: CertificateBench;
  pageUrl: string;
  cookie: string;
  duration: number;
  log(line: string): void;
}): Promise<string[]> {
  options.log("== certificates");
  const db = connectDb(
    options.databaseUrl
      ? { databaseUrl: options.databaseUrl }
      : { sqlitePath: path.join(options.dataDir, "utsav.db") },
  );
  try {
    const engine = options.databaseUrl ? "PostgreSQL" : "SQLite";
    return [
      `Certificates on ${engine}, ${os.cpus().length} cores:`,
      "",
      ...(await runCertificateBench({ ...options, db, connections: 4 })),
    ];
  } finally {
    await db.destroy();
  }
}
