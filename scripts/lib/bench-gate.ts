/**
 * The gate rush of `npm run bench` (SPEC-3 §5, issue 29): 5,000 tickets, 20 scanners at once (each
 * its own device: one keep-alive connection and session), every ticket scanned twice from two
 * different scanners, in an order that makes some pairs race. Goal: exactly 5,000 check-ins in the
 * database, every second scan answered 'Already checked in at …', no other answer, p99 under
 * 100 ms. Then one sync of 500 offline scans (the most one sync takes) of 500 more tickets.
 */
import { busyCores, capacityLine, closedLoop } from "./busy";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Db } from "#server/db/connect";
import { newId, newPublicId, newToken, sha256 } from "#server/lib/crypto";
import { eventKeys } from "#server/services/check-in/keys";
import { newShortCode, ticketCode } from "#server/services/check-in/tickets";
import { withSeededServer } from "./bench-server";
import { registerIndividuals, seedCrowd, insertPublishedEvent } from "./bench-registrations";
import { pct, postJson } from "./rush";

export const GATE = { tickets: 5000, scanners: 20, offline: 500 } as const;
const EVENT_NUMBER = "777777777";

interface GateData {
  eventId: number;
  /** One session token per scanner (the organiser on 20 devices). */
  scannerTokens: string[];
  /** Signed codes: the first GATE.tickets for the rush, the rest for the offline sync. */
  codes: string[];
}

const person = (id: string, i: number, iso: string) => ({
  id,
  email: `gate.${i}.${id}@example.com`,
  passwordHash: null,
  emailVerifiedAt: iso,
  firstName: `Gate${i}`,
  lastName: "Goer",
  gender: null,
  course: "B.Tech",
  courseSpecialisation: null,
  collegeName: "IIT Bombay",
  location: "Mumbai",
  profileImg: null,
  googleSub: null,
  createdAt: iso,
  updatedAt: iso,
});

/** A published individual event with 5,500 registered people, each with a live ticket. */
async function seedGate(db: Db): Promise<GateData> {
  const now = new Date();
  const iso = now.toISOString();
  const organiser = newId();
  await db
    .insertInto("users")
    .values(person(organiser, 0, iso))
    .execute();
  const scannerTokens = Array.from({ length: GATE.scanners }, () => newToken());
  await db
    .insertInto("sessions")
    .values(
      scannerTokens.map((t) => ({
        tokenHash: sha256(t),
        userId: organiser,
        expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
        createdAt: iso,
      })),
    )
    .execute();
  const total = GATE.tickets + GATE.offline;
  const eventId = await insertPublishedEvent(db, iso, {
    eventNumber: EVENT_NUMBER,
    madeBy: organiser,
    eventType: "Cultural Fest",
    eventName: "Gate Fest",
    organisationName: "IIT Bombay",
    modeOfEvent: "Offline",
    participationType: "individual",
    startDate: new Date(now.getTime() - 86_400_000).toISOString(),
    endDate: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    registrationCount: total,
  });
  const keys = await eventKeys(db, eventId, iso);
  const crowd = await seedCrowd(
    db,
    total,
    () => ({ ticketId: newPublicId() }),
    async (trx, batch) => {
      await trx
        .insertInto("users")
        .values(batch.map((b) => person(b.userId, b.i, iso)))
        .execute();
      await registerIndividuals(trx, eventId, batch, "IIT Bombay", iso);
      await trx
        .insertInto("tickets")
        .values(
          batch.map((b) => ({
            id: b.ticketId,
            eventId,
            registrationId: b.registrationId,
            userId: b.userId,
            shortCode: newShortCode(),
            createdAt: iso,
          })),
        )
        .execute();
    },
  );
  const codes = crowd.map((b) =>
    ticketCode(
      keys,
      { eventNumber: EVENT_NUMBER },
      { id: b.ticketId, registrationId: b.registrationId, userId: b.userId },
    ),
  );
  return { eventId, scannerTokens, codes };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function countCheckIns(connect: () => Db, eventId: number): Promise<number> {
  const db = connect();
  try {
    const { n } = await db
      .selectFrom("checkIns")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("eventId", "=", eventId)
      .executeTakeFirstOrThrow();
    return Number(n);
  } finally {
    await db.destroy();
  }
}

/** The rush and the sync on one engine; answers the lines for docs/BENCHMARKS.md. */
export async function gateRun(
  engine: "sqlite" | "postgres",
  buildDir: string,
  pgUrl?: string,
): Promise<string[]> {
  const name = engine === "postgres" ? "PostgreSQL" : "SQLite";
  return withSeededServer({
    buildDir,
    tmpPrefix: "utsav-bench-gate-",
    port: 4250 + Math.floor(Math.random() * 40),
    pgUrl,
    seed: seedGate,
    run: async ({ base, seeded: gate, connect }) => {
      const url = new URL(`${base}/api/v1/event/${EVENT_NUMBER}/check-in`);
      // Each scanner's queue: ticket i first at scanner i mod 20, then at another one, shuffled so
      // that second scans come early and late, some while the first is still being answered.
      const queues: string[][] = Array.from({ length: GATE.scanners }, () => []);
      for (let i = 0; i < GATE.tickets; i++) {
        const code = gate.codes[i]!;
        queues[i % GATE.scanners]!.push(code);
        queues[(i + 1 + (i % (GATE.scanners - 1))) % GATE.scanners]!.push(code);
      }
      const answers = new Map<string, number>();
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        queues.map(async (queue, s) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          for (const code of shuffle(queue)) {
            const body = JSON.stringify({ code, nonce: randomUUID() });
            const t0 = performance.now();
            const res = await postJson(agent, url, base, gate.scannerTokens[s]!, body);
            latencies.push(performance.now() - t0);
            const message = res.body.message ?? "";
            const key =
              res.status === 200
                ? "200 checked in"
                : `${res.status} ${message.replace(/\d\d:\d\d by \S+$/, "{HH:mm} by {firstName}")}`;
            answers.set(key, (answers.get(key) ?? 0) + 1);
          }
          agent.destroy();
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const rushCheckIns = await countCheckIns(connect, gate.eventId);
      latencies.sort((a, b) => a - b);
      const already = answers.get("409 Already checked in at {HH:mm} by {firstName}") ?? 0;
      const met =
        rushCheckIns === GATE.tickets &&
        answers.get("200 checked in") === GATE.tickets &&
        already === GATE.tickets &&
        answers.size === 2 &&
        pct(latencies, 99) < 100;

      // One device back online with 500 scans taken offline, in one sync.
      const scannedAt = Date.now() - 3_600_000;
      const scans = gate.codes.slice(GATE.tickets).map((code, i) => ({
        code,
        scannedAt: new Date(scannedAt + i * 1000).toISOString(),
        nonce: randomUUID(),
      }));
      const t0 = performance.now();
      const res = await fetch(`${url}/sync`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: base,
          cookie: `utsav_session=${gate.scannerTokens[0]}`,
        },
        body: JSON.stringify({ scans }),
      });
      const { results } = (await res.json()) as { results: { status: string }[] };
      const syncMs = performance.now() - t0;
      const synced = results.filter((r) => r.status === "checked-in").length;
      const afterSync = await countCheckIns(connect, gate.eventId);

      // Closed-loop capacity (decision 037): the same scanners, each scanning again as soon as the
      // last scan answers, for 3 s (every ticket is in by now: these are 'Already checked in').
      const agents = queues.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      const loop = await closedLoop(GATE.scanners, 3, (s, i) =>
        postJson(
          agents[s]!,
          url,
          base,
          gate.scannerTokens[s]!,
          JSON.stringify({ code: queues[s]![i % queues[s]!.length]!, nonce: randomUUID() }),
        ),
      );
      for (const a of agents) a.destroy();
      const offered = (2 * GATE.tickets) / seconds;
      return [
        `Gate rush (${name}): ${GATE.tickets.toLocaleString("en")} tickets, ${GATE.scanners} scanners at once, each ticket scanned twice from two scanners: ${(2 * GATE.tickets).toLocaleString("en")} scans in ${seconds.toFixed(1)} s (${Math.round((2 * GATE.tickets) / seconds)} scans/s)`,
        "",
        "| answer | count |",
        "| --- | ---: |",
        ...[...answers].sort().map(([k, v]) => `| ${k} | ${v.toLocaleString("en")} |`),
        "",
        `Check-ins in the database: ${rushCheckIns.toLocaleString("en")}; latency p50 ${pct(latencies, 50)!.toFixed(1)} ms, p99 ${pct(latencies, 99)!.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(0)} ms; goal (exactly ${GATE.tickets.toLocaleString("en")}, every second scan 'Already checked in', p99 < 100 ms) ${met ? "met" : "NOT met"}`,
        `Capacity (${name}, gate): ${capacityLine(offered, loop.perSecond, pct(latencies, 99)!, busyCores())} (capacity from 3 s of re-scans)`,
        `Sync of ${GATE.offline} offline scans (${name}): ${res.status}, ${synced} checked in, in ${syncMs.toFixed(0)} ms; check-ins in the database afterwards: ${afterSync.toLocaleString("en")}`,
      ];
    },
  });
}
