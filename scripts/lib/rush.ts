/**
 * The registration rush of `npm run bench` (SPEC-2 §1, issue 12): 1,000 distinct signed-in users
 * register for one event with capacity 500 over 50 connections. Goal: exactly 500 registered, the
 * rest 'Registration is full', no 5xx, p99 under 500 ms.
 */
import { busyCores, capacityLine, closedLoop } from "./busy";
import http from "node:http";
import type { Db } from "#server/db/connect";
import type { NewEvent } from "#server/db/schema";
import { newId, newToken, sha256 } from "#server/lib/crypto";
import { newUserRow } from "#server/services/accounts/new-user-row";
import { insertPublishedEvent } from "./bench-registrations";

export const RUSH = { users: 1000, capacity: 500, connections: 50 } as const;

export interface RushData {
  eventNumber: string;
  tokens: string[];
}

/**
 * One open individual event with capacity 500 (and the columns `event` gives, e.g. a fee), and
 * 1,000 verified users each with a session.
 */
export async function prepareRush(db: Db, event: Partial<NewEvent> = {}): Promise<RushData> {
  const now = new Date();
  const iso = now.toISOString();
  const organiser = newId();
  const user = (id: string, i: number) =>
    newUserRow(iso, {
      id,
      email: `rush.${i}.${id}@example.com`,
      emailVerifiedAt: iso,
      firstName: `Rush${i}`,
      lastName: "Runner",
      course: "B.Tech",
      collegeName: "IIT Madras",
      location: "Chennai",
    });
  await db.insertInto("users").values(user(organiser, 0)).execute();
  const eventNumber = "888888888";
  await insertPublishedEvent(db, iso, {
    eventNumber,
    madeBy: organiser,
    eventType: "Hackathon & Coding Challenges",
    eventName: "Rush Hack",
    organisationName: "IIT Madras",
    modeOfEvent: "Online",
    participationType: "individual",
    startDate: new Date(now.getTime() - 86_400_000).toISOString(),
    endDate: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
    capacity: RUSH.capacity,
    ...event,
  });
  const tokens: string[] = [];
  for (let start = 0; start < RUSH.users; start += 100) {
    const batch = Array.from({ length: 100 }, (_, k) => ({
      id: newId(),
      token: newToken(),
      i: start + k + 1,
    }));
    await db
      .insertInto("users")
      .values(batch.map((b) => user(b.id, b.i)))
      .execute();
    await db
      .insertInto("sessions")
      .values(
        batch.map((b) => ({
          tokenHash: sha256(b.token),
          userId: b.id,
          expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
          createdAt: iso,
        })),
      )
      .execute();
    tokens.push(...batch.map((b) => b.token));
  }
  return { eventNumber, tokens };
}

export function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * One signed-in JSON POST over a keep-alive agent, as a browser on `base` sends it; resolves with
 * the status and the parsed body (never rejects: a failed connection is status 0).
 */
export function postJson(
  agent: http.Agent,
  url: URL,
  base: string,
  session: string,
  payload: string,
) {
  const headers = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(payload)),
    origin: base,
    cookie: `utsav_session=${session}`,
  };
  return new Promise<{ status: number; body: { message?: string } }>((resolve) => {
    const req = http.request(url, { method: "POST", agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () => {
        let parsed = {};
        try {
          parsed = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on("error", (err) => resolve({ status: 0, body: { message: err.message } }));
    req.end(payload);
  });
}

/**
 * Sends the 1,000 registrations, 50 at a time, and checks the answers and the count; `title`
 * names the rush in the first line.
 */
export async function runRush(
  base: string,
  rush: RushData,
  title = "Registration rush",
): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: RUSH.connections });
  const url = new URL(`${base}/api/v1/event/${rush.eventNumber}/register`);
  const payload = JSON.stringify({
    phone: "9876543210",
    collegeName: "IIT Madras",
    course: "B.Tech",
  });
  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= rush.tokens.length) return;
      const t0 = performance.now();
      const res = await postJson(agent, url, base, rush.tokens[i]!, payload);
      latencies.push(performance.now() - t0);
      const key = res.status === 201 ? "201" : `${res.status} ${res.body.message ?? ""}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: RUSH.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  // Closed-loop capacity (decision 037): the same connections registering again at once for 3 s
  // (every one answered 'already registered' or 'full' now: nothing changes).
  const loop = await closedLoop(RUSH.connections, 3, (c, i) =>
    postJson(agent, url, base, rush.tokens[(c * 97 + i) % rush.tokens.length]!, payload),
  );
  agent.destroy();
  const state = (await (
    await fetch(`${base}/api/v1/event/${rush.eventNumber}/registration`)
  ).json()) as {
    registrationCount: number;
  };
  latencies.sort((a, b) => a - b);
  const fives = [...statuses].filter(([k]) => k.startsWith("5") || k.startsWith("0"));
  const ok =
    statuses.get("201") === RUSH.capacity &&
    statuses.get("409 Registration is full") === RUSH.users - RUSH.capacity &&
    state.registrationCount === RUSH.capacity &&
    fives.length === 0 &&
    pct(latencies, 99) < 500;
  return [
    `${title}: ${RUSH.users} users, capacity ${RUSH.capacity}, ${RUSH.connections} connections: ${seconds.toFixed(1)} s, ${(RUSH.users / seconds).toFixed(0)} req/s`,
    "",
    "| answer | count |",
    "| --- | ---: |",
    ...[...statuses].sort().map(([k, v]) => `| ${k} | ${v} |`),
    "",
    `Capacity (registration): ${capacityLine(RUSH.users / seconds, loop.perSecond, pct(latencies, 99), busyCores())} (capacity from 3 s of registering again)`,
    `registrationCount afterwards: ${state.registrationCount}; latency p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms; goal ${ok ? "met" : "NOT met"}`,
  ];
}
