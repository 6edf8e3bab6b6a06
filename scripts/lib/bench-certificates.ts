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
  organiserToken: string;
  people: number;
}

const PEOPLE = 1000;

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
  for (let start = 0; start < PEOPLE; start += 100) {
    const ids = Array.from({ length: 100 }, () => newId());
    await db
      .insertInto("users")
      .values(ids.map((id, k) => user(id, start + k)))
      .execute();
    const batch = ids.map((id) => ({ userId: id, registrationId: id }));
    await db
      .transaction()
      .execute((trx) => registerIndividuals(trx, eventId, batch, "IIT Delhi", iso(-5)));
  }
  await db
    .updateTable("events")
    .set({ registrationCount: sql<number>`${PEOPLE}` })
    .where("id", "=", eventId)
    .execute();
  const organiserToken = await createSession(
    { db, clock: systemClock, config: readConfig({ NODE_ENV: "test" }) },
    organiserId,
  );
  return { eventNumber, organiserToken, people: PEOPLE };
}

function cannon(opts: Record<string, unknown>): Promise<any> {
  return new Promise((resolve, reject) =>
    autocannon(opts, (err: Error | null, r: unknown) => (err ? reject(err) : resolve(r))),
  );
}

/** Issues the certificates and measures the event page around the PDFs being made. */
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
  const page = (d: number) =>
    cannon({ url: pageUrl, connections, duration: d, headers: { cookie } });
  const before = await page(duration);
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
  const issueMs = performance.now() - t0;
  const { issued } = (await res.json()) as { issued: number };
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
  // The load starts once the worker is making PDFs (its first one stored): on a busy machine the
  // worker, at nice 19, may take seconds to start, and a load before that measures no PDF.
  while ((await made()) === 0 && performance.now() - t0 < 120_000)
    await new Promise((r) => setTimeout(r, 100));
  const madeBeforeLoad = await made();
  const during = await page(duration);
  const madeAfterLoad = await made();
  const madeDuring = madeAfterLoad - madeBeforeLoad;
  while ((await made()) < issued && performance.now() - t0 < 600_000)
    await new Promise((r) => setTimeout(r, 500));
  const allMs = performance.now() - t0;
  const done = await made();
  // The control: the same page once every PDF is made. Load from the rest of the machine that
  // changed meanwhile shows here too, not only in the row while PDFs are made.
  const after = await page(duration);
  const row = (name: string, r: any) =>
    `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts} | ${r.non2xx} |`;
  return [
    `Certificates: ${issued.toLocaleString("en")} participation certificates issued in one POST in ${(issueMs / 1000).toFixed(2)} s (rows and mails in one transaction); ${done.toLocaleString("en")} PDFs made in the worker thread in ${(allMs / 1000).toFixed(1)} s (${((allMs - issueMs) / Math.max(1, done)).toFixed(0)} ms each), ${madeDuring} of them during the ${duration} s of load below.`,
    "",
    "| event page (signed in) | req/s | p50 ms | p99 ms | errors | non-2xx |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    row("before issuing", before),
    row("while PDFs are made", during),
    row("after all are made", after),
    "",
    pdfLossLine({
      before: before.requests.average,
      during: during.requests.average,
      after: after.requests.average,
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
