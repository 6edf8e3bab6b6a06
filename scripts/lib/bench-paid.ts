/**
 * The paid rush of `npm run bench -- --paid` (SPEC-4 §6): 1,000 people register for a paid event
 * of capacity 500 in the same seconds (exactly 500 places held, each with one pending payment;
 * p99 < 500 ms), then their holds, set to one minute, expire: all 500 released within 60 s of
 * their `holdUntil`, exactly once (500 payments expired, 500 release mails, no place left). The
 * expiries run through the server's own job worker (`payment.expire`). The same rush on a free
 * event runs first, on a server of its own, so the paid rush's latency reads as a ratio measured
 * in the same conditions (the machine's speed swings from run to run).
 */
import type { Db } from "#server/db/connect";
import { withSeededServer } from "./bench-server";
import { pct, prepareRush, RUSH, runRush } from "./rush";

const PAID = {
  fee: 299,
  upiId: "rush.fest@okaxis",
  payeeName: "Rush Fest Club",
  holdMinutes: 1,
} as const;
/** How long after the last hold passes the run waits for the releases before it gives up. */
const WAIT_MS = 120_000;

async function counts(db: Db, eventId: number) {
  const [payments, event, mails] = await Promise.all([
    db
      .selectFrom("payments")
      .select(["status", "holdUntil", "updatedAt"])
      .where("eventId", "=", eventId)
      .execute(),
    db
      .selectFrom("events")
      .select("registrationCount")
      .where("id", "=", eventId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mailOutbox")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("subject", "like", "Your place at % was released")
      .executeTakeFirstOrThrow(),
  ]);
  return { payments, registrationCount: event.registrationCount, releaseMails: Number(mails.n) };
}

/** The same 1,000 registrations for a free event of capacity 500: the baseline's lines. */
function freeRun(name: string, buildDir: string, pgUrl?: string): Promise<string[]> {
  return withSeededServer({
    buildDir,
    tmpPrefix: "utsav-bench-free-",
    port: 4330 + Math.floor(Math.random() * 40),
    pgUrl,
    seed: (db) => prepareRush(db),
    run: ({ base, seeded }) => runRush(base, seeded, `Free rush, the baseline (${name})`),
  });
}

/** The p50 and p99 of a rush's last line ("… latency p50 N ms, p99 N ms …"). */
function latencyOf(lines: string[]): [number, number] {
  const m = lines.at(-1)?.match(/p50 (\d+) ms, p99 (\d+) ms/);
  return m ? [Number(m[1]), Number(m[2])] : [Number.NaN, Number.NaN];
}

/**
 * The free baseline, then the paid rush and the expiry on one engine, each on a fresh database
 * (on PostgreSQL, the two given); answers the lines for docs/BENCHMARKS.md.
 */
export async function paidRun(
  engine: "sqlite" | "postgres",
  buildDir: string,
  pg?: { free: string; paid: string },
): Promise<string[]> {
  const name = engine === "postgres" ? "PostgreSQL" : "SQLite";
  const free = await freeRun(name, buildDir, pg?.free);
  const paid = await paidPart(name, buildDir, pg?.paid);
  const [f50, f99] = latencyOf(free);
  const [p50, p99] = latencyOf(paid.slice(0, -2));
  return [
    ...free,
    "",
    ...paid,
    `Paid ÷ free (${name}, same run): p50 ${(p50 / f50).toFixed(2)} ×, p99 ${(p99 / f99).toFixed(2)} ×`,
  ];
}

function paidPart(name: string, buildDir: string, pgUrl?: string): Promise<string[]> {
  return withSeededServer({
    buildDir,
    tmpPrefix: "utsav-bench-paid-",
    port: 4290 + Math.floor(Math.random() * 40),
    pgUrl,
    // The job worker runs in the server, as in production (mail to files in its data directory).
    env: { MAIL_WORKER: "on" },
    seed: async (db) => {
      const rush = await prepareRush(db, PAID);
      const { id } = await db
        .selectFrom("events")
        .select("id")
        .where("eventNumber", "=", rush.eventNumber)
        .executeTakeFirstOrThrow();
      return { rush, eventId: id };
    },
    run: async ({ base, seeded, connect }) => {
      const lines = await runRush(base, seeded.rush, `Paid rush (${name}, ₹${PAID.fee})`);
      const db = connect();
      try {
        const taken = await counts(db, seeded.eventId);
        const held = taken.payments.filter((p) => p.status === "pending").length;
        const lastHold = Math.max(...taken.payments.map((p) => Date.parse(p.holdUntil)));
        // Wait for every hold to pass and be released (or for WAIT_MS past the last one).
        let now = await counts(db, seeded.eventId);
        while (
          now.payments.some((p) => p.status === "pending") &&
          Date.now() < lastHold + WAIT_MS
        ) {
          await new Promise((r) => setTimeout(r, 1000));
          now = await counts(db, seeded.eventId);
        }
        // Let a second release (there must be none) show itself before counting.
        await new Promise((r) => setTimeout(r, 3000));
        now = await counts(db, seeded.eventId);
        const expired = now.payments.filter((p) => p.status === "expired");
        const late = expired
          .map((p) => (Date.parse(p.updatedAt) - Date.parse(p.holdUntil)) / 1000)
          .sort((a, b) => a - b);
        const firstHold = Math.min(...now.payments.map((p) => Date.parse(p.holdUntil)));
        const lastRelease = Math.max(...expired.map((p) => Date.parse(p.updatedAt)));
        const met =
          held === RUSH.capacity &&
          taken.registrationCount === RUSH.capacity &&
          expired.length === RUSH.capacity &&
          now.payments.length === RUSH.capacity &&
          now.registrationCount === 0 &&
          now.releaseMails === RUSH.capacity &&
          (late.at(-1) ?? Infinity) < 60;
        return [
          ...lines,
          `Held places after the rush (${name}): ${held} pending payments, registrationCount ${taken.registrationCount}`,
          `Expiry (${name}, holds of ${PAID.holdMinutes} min): ${expired.length} of ${now.payments.length} payments expired, registrationCount ${now.registrationCount} afterwards, ${now.releaseMails} release mails; released ${pct(late, 50)?.toFixed(1)} s (p50) and ${late.at(-1)?.toFixed(1)} s (max) after their holdUntil; the first hold to the last release ${((lastRelease - firstHold) / 1000).toFixed(1)} s; goal (exactly ${RUSH.capacity} held, then all ${RUSH.capacity} released once, each within 60 s) ${met ? "met" : "NOT met"}`,
        ];
      } finally {
        await db.destroy();
      }
    },
  });
}
