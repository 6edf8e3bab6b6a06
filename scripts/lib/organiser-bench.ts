import { readFileSync } from "node:fs";
// @ts-expect-error autocannon ships no types
import autocannon from "autocannon";
import type { Insertable } from "kysely";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { systemClock } from "#server/lib/clock";
import { createViewCounter } from "#server/services/view-counter";
import type { NewUser, RegistrationMembersTable, RegistrationsTable } from "#server/db/schema";
import { JOIN_CODE_ALPHABET } from "#server/contracts/registration";
import { newId } from "#server/lib/crypto";

/**
 * SPEC-2 §4 figures for `npm run bench`: the organiser's registrations page and CSV for an event
 * of 10,000 registrants, and the event page's throughput with view counting on and off.
 */
export async function seedRegistrants(
  db: Db,
  organiserId: string,
  people: number,
): Promise<string> {
  const now = Date.now();
  const eventNumber = "999999998";
  const iso = (ms: number) => new Date(ms).toISOString();
  const { id: eventId } = await db
    .insertInto("events")
    .values({
      eventNumber,
      madeBy: organiserId,
      status: "active",
      version: 1,
      eventType: "Hackathons",
      eventName: "Bench Hackathon",
      organisationName: "IIT Bombay",
      modeOfEvent: "Online",
      participationType: "team",
      minTeam: 2,
      maxTeam: 4,
      startDate: iso(now - 20 * 86_400_000),
      endDate: iso(now + 10 * 86_400_000),
      rounds: JSON.stringify([
        {
          title: "Round 1",
          description: "Quiz",
          startDate: "",
          endDate: "",
          isEliminatorRound: "true",
        },
      ]),
      prizes: JSON.stringify([{ rank: 1, cashAmount: 10000 }]),
      createdAt: iso(now),
      updatedAt: iso(now),
      publishedAt: iso(now),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const first = [
    "Aarav",
    "Priya",
    "Rohan",
    "Ananya",
    "Kabir",
    "Zoya",
    "Ishaan",
    "Meera",
    "Dev",
    "Tara",
  ];
  const last = ["Sharma", "Iyer", "Nair", "Reddy", "Khan", "Das", "Mehta", "Singh", null];
  const colleges = ["IIT Bombay", "NIT Trichy", "BITS Pilani", "IIT Delhi", "Anna University"];
  const teamSize = 4;
  for (let start = 0; start < people; start += 400) {
    const users: NewUser[] = [];
    for (let i = start; i < Math.min(people, start + 400); i++) {
      users.push({
        id: newId(),
        email: `reg${i}@bench.example.com`,
        passwordHash: null,
        emailVerifiedAt: iso(now),
        firstName: first[i % first.length]!,
        lastName: last[i % last.length]!,
        gender: null,
        course: "B.Tech",
        courseSpecialisation: null,
        collegeName: colleges[i % colleges.length]!,
        location: null,
        profileImg: null,
        googleSub: null,
        createdAt: iso(now),
        updatedAt: iso(now),
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("users").values(users).execute();
      const regs: Insertable<RegistrationsTable>[] = [];
      const members: Insertable<RegistrationMembersTable>[] = [];
      for (let i = 0; i < users.length; i += teamSize) {
        const team = users.slice(i, i + teamSize);
        const id = newId();
        const at = now - ((people - start - i) / people) * 20 * 86_400_000;
        regs.push({
          id,
          eventId,
          type: "team" as const,
          teamName: `Team ${start + i}`,
          code: teamCode(Math.floor((start + i) / teamSize)),
          leaderId: team[0]!.id,
          size: team.length,
          createdAt: iso(at),
        });
        for (const [j, u] of team.entries())
          members.push({
            registrationId: id,
            eventId,
            userId: u.id,
            phone: String(9000000000 + start + i + j),
            collegeName: u.collegeName ?? "IIT Bombay",
            course: "B.Tech",
            joinedAt: iso(at + j * 1000),
          });
      }
      await trx.insertInto("registrations").values(regs).execute();
      await trx.insertInto("registrationMembers").values(members).execute();
    });
  }
  await db
    .updateTable("events")
    .set({ registrationCount: Math.ceil(people / teamSize) })
    .where("id", "=", eventId)
    .execute();
  return eventNumber;
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One request at a time: p50/p95 of `count` GETs. */
export async function latency(url: string, cookie: string, count = 100) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`;
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}

/** Downloads the CSV while sampling the server's resident memory. */
export async function csvDownload(url: string, cookie: string, serverPid: number) {
  const before = rssKb(serverPid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(serverPid));
  }, 10);
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie, "accept-encoding": "identity" } });
  let bytes = 0;
  let chunks = 0;
  let firstByte = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!chunks) firstByte = performance.now() - t0;
    bytes += chunk.length;
    chunks++;
  }
  const total = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, rssKb(serverPid));
  return `${(bytes / 1024).toFixed(0)} KiB in ${chunks} chunks, first byte ${firstByte.toFixed(0)} ms, whole ${total.toFixed(0)} ms; server RSS ${(before / 1024).toFixed(0)} MiB before, peak ${(peak / 1024).toFixed(0)} MiB (+${((peak - before) / 1024).toFixed(1)} MiB)`;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    // Fields after the command name's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Requests/s of a page for `duration` s, each request from a different visitor (address),
 * and the server's CPU time per request over the same window: the direct cost of a request,
 * which the other tenant of the cores (autocannon itself) disturbs far less than req/s.
 */
export function throughput(
  url: string,
  duration: number,
  connections: number,
  cookie?: string,
  serverPid?: number,
) {
  return new Promise<{ rps: number; cpuUsPerRequest: number }>((resolve, reject) => {
    let n = 0;
    const cpuBefore = serverPid ? cpuMs(serverPid) : 0;
    autocannon(
      {
        url,
        duration,
        connections,
        headers: cookie ? { cookie } : {},
        requests: [
          {
            setupRequest: (req: { headers: Record<string, string> }) => ({
              ...req,
              headers: {
                ...req.headers,
                // A new visitor each request: a new address (the servers trust one proxy hop,
                // as behind a load balancer), with one of 50 phones' user agents.
                "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                "user-agent": `Mozilla/5.0 (Linux; Android 13) Chrome/124.0 Mobile Safari/537.36 v${n++ % 50}`,
              },
            }),
          },
        ],
      },
      (err: Error | null, r: { requests: { average: number; total: number }; non2xx: number }) => {
        if (err) return reject(err);
        const cpu = serverPid ? cpuMs(serverPid) - cpuBefore : 0;
        resolve({
          rps: r.non2xx ? Number.NaN : r.requests.average,
          cpuUsPerRequest: r.requests.total ? (cpu * 1000) / r.requests.total : 0,
        });
      },
    );
  });
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The §4 lines of the benchmark report. */
export async function organiserFigures(o: {
  base: string;
  baseOff: string;
  serverPid: number;
  serverOffPid: number;
  cookie: string;
  registrantsEvent: string;
  pageEvent: string;
  duration: number;
  connections: number;
  log: (line: string) => void;
}): Promise<string[]> {
  // First, while both servers have served only their warm-up: the one that runs the organiser
  // page and the CSV below would otherwise carry their heap into the comparison.
  const out: string[] = [];
  const rounds = 6;
  const roundSeconds = Math.max(3, Math.round(o.duration / 2));
  out.push(
    `Event page /event/${o.pageEvent} with view counting on and off: two servers on the same database, both warmed alike, measured in ${rounds} rounds of ${roundSeconds} s at ${o.connections} connections, in the order off-on, on-off, … (so drift over the run falls on both alike), a new visitor every request (a new address, one of 50 user agents). "CPU µs/req" is the server's user+system CPU time divided by the requests it answered. Medians of the rounds:`,
  );
  out.push("");
  out.push(
    "| requests | off req/s | on req/s | on ÷ off (req/s) | off CPU µs/req | on CPU µs/req | on ÷ off (CPU) |",
  );
  out.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  const page = (base: string) => `${base}/event/${o.pageEvent}`;
  const costs: [string, number][] = [];
  for (const [label, cookie] of [
    ["anonymous (page cache)", undefined],
    ["signed in (rendered)", o.cookie],
  ] as const) {
    o.log(`== event page ${label}: warm-up of both servers`);
    await throughput(page(o.baseOff), 2, o.connections, cookie);
    await throughput(page(o.base), 2, o.connections, cookie);
    const off: { rps: number; cpuUsPerRequest: number }[] = [];
    const on: { rps: number; cpuUsPerRequest: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      o.log(`== event page ${label}, round ${round + 1} of ${rounds}`);
      const measureOff = async () =>
        off.push(
          await throughput(page(o.baseOff), roundSeconds, o.connections, cookie, o.serverOffPid),
        );
      const measureOn = async () =>
        on.push(await throughput(page(o.base), roundSeconds, o.connections, cookie, o.serverPid));
      if (round % 2 === 0) {
        await measureOff();
        await measureOn();
      } else {
        await measureOn();
        await measureOff();
      }
    }
    const offRps = median(off.map((r) => r.rps));
    const onRps = median(on.map((r) => r.rps));
    const offCpu = median(off.map((r) => r.cpuUsPerRequest));
    const onCpu = median(on.map((r) => r.cpuUsPerRequest));
    out.push(
      `| ${label} | ${offRps.toFixed(0)} | ${onRps.toFixed(0)} | ${(onRps / offRps).toFixed(3)} | ${offCpu.toFixed(0)} | ${onCpu.toFixed(0)} | ${(onCpu / offCpu).toFixed(3)} |`,
    );
    costs.push([label, offCpu]);
  }
  // Two processes differ by a few percent whatever they run; the counting itself, measured alone:
  const perView = await recordCostUs();
  const share = (us: number) =>
    costs.map(([label, cpu]) => `${((100 * us) / cpu).toFixed(2)} % of a ${label} page's CPU`);
  out.push(
    "",
    `What counting adds, measured alone (the counter's record() for 200,000 new visitors, in this process): with a new address and one of 50 user agents (as above) ${perView.commonAgents.toFixed(1)} µs a view, ${share(perView.commonAgents).join(", ")}; with a user agent never seen before each time ${perView.distinctAgents.toFixed(1)} µs, ${share(perView.distinctAgents).join(", ")}.`,
  );
  const n = o.registrantsEvent;
  out.push(
    "",
    "SPEC-2 §4, an event of 10,000 registrants (2,500 teams of 4), one request at a time:",
    "",
  );
  o.log("== organiser page");
  await latency(`${o.base}/my/event/${n}`, o.cookie, 10); // warm-up
  for (const [label, path] of [
    ["/my/event/{n} (first page of 50)", `/my/event/${n}`],
    ["/my/event/{n}?q=sharma (search)", `/my/event/${n}?q=sharma`],
    ["/my/event/{n}?page=150 (deep page)", `/my/event/${n}?page=150`],
    ["GET /api/v1/event/{n}/registrations", `/api/v1/event/${n}/registrations`],
  ] as const)
    out.push(`- ${label}: ${await latency(`${o.base}${path}`, o.cookie)}`);
  o.log("== CSV");
  await csvDownload(`${o.base}/my/event/${n}/registrations.csv`, o.cookie, o.serverPid);
  for (let i = 1; i <= 3; i++)
    out.push(
      `- CSV download ${i}: ${await csvDownload(`${o.base}/my/event/${n}/registrations.csv`, o.cookie, o.serverPid)}`,
    );
  return out;
}

/**
 * CPU µs of one counted view of a new visitor (hashed and remembered): with one of 50 user agents
 * and a new address (real visitors, and the rounds above), and with a user agent never seen before
 * each time (the dearest case).
 */
async function recordCostUs(): Promise<{ commonAgents: number; distinctAgents: number }> {
  const db = connectDb({ sqlitePath: ":memory:" });
  await migrateToLatest(db);
  const counter = createViewCounter({ db, clock: systemClock, batchSize: 1_000_000 });
  const views = 200_000;
  const agent = "Mozilla/5.0 (Linux; Android 13) Chrome/124.0 Mobile Safari/537.36 v";
  const time = (view: (i: number) => { ip: string; userAgent: string }) => {
    for (let i = 0; i < 2_000; i++) counter.record({ eventNumber: "1", ...view(i) }); // warm-up
    const t0 = process.cpuUsage();
    for (let i = 0; i < views; i++) counter.record({ eventNumber: "10000", ...view(i) });
    const used = process.cpuUsage(t0);
    return (used.user + used.system) / views;
  };
  const commonAgents = time((i) => ({
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    userAgent: `${agent}${i % 50}`,
  }));
  const distinctAgents = time((i) => ({ ip: "10.0.0.1", userAgent: `${agent}x${i}` }));
  await db.destroy();
  return { commonAgents, distinctAgents };
}

/** The n-th team's join code: unique by construction (random ones collided now and then). */
function teamCode(n: number): string {
  let code = "";
  for (let k = 0, v = n; k < 6; k++, v = Math.floor(v / 32)) code += JOIN_CODE_ALPHABET[v % 32];
  return code;
}
