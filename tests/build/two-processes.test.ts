import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import type { Round } from "#server/contracts/event-shape";
import { fixedClock } from "#server/lib/clock";
import { REMINDER_LEAD_MS, syncEventReminders } from "#server/services/saves/reminders";
import { APP_URL, engines, type TestApi } from "#tests/helpers/api";
import { checkInRows, eventWithTickets, scan } from "#tests/helpers/check-in";
import { newPostgresDatabase } from "#tests/helpers/postgres";
import { type ServerProcess, startServerProcess } from "#tests/helpers/processes";
import { quizEvent, team } from "#tests/helpers/quiz";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";
import { storedRound } from "#tests/helpers/rounds";
import { createUserWithSession } from "#tests/helpers/users";

const PAGE_CACHE_SECONDS = 2;
const CHROME =
  "Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

/**
 * Issue 30: two `npm start` processes on one database (PostgreSQL when TEST_DATABASE_URL is set,
 * else one SQLite file), both with their mail and job workers on, as two machines behind a proxy.
 * Every request below goes to them in turn, so each guarantee is checked across processes.
 */
describe.each(engines)("two web processes on one %s database", (engine) => {
  let dataDir: string;
  let db: Db;
  let dropDb: () => Promise<void>;
  let servers: ServerProcess[] = [];
  /** The API of both processes, taking turns: a TestApi for the shared test helpers. */
  let t: TestApi;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "utsav-two-web-"));
    let databaseUrl: string | undefined;
    let dropDatabase = async () => {};
    if (engine === "postgres") {
      const database = await newPostgresDatabase();
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_URL,
      API_URL: undefined,
      SMTP_URL: undefined,
      NODE_ENV: undefined,
      MAIL_WORKER: "on",
      RATE_LIMIT: "off",
      WEB_CONCURRENCY: undefined,
      PAGE_CACHE_SECONDS: String(PAGE_CACHE_SECONDS),
    };
    // Both at once on a database that does not exist yet: they migrate it between them.
    servers = await Promise.all([
      startServerProcess(["npm", "start"], env),
      startServerProcess(["npm", "start"], env),
    ]);
    db = databaseUrl
      ? connectDb({ databaseUrl, poolSize: 4 })
      : connectDb({ sqlitePath: path.join(dataDir, "utsav.db"), waitMs: 5000 });
    dropDb = async () => {
      await db.destroy();
      await dropDatabase();
    };
    const clock = fixedClock(new Date().toISOString());
    const deps = {
      db,
      clock,
      config: readConfig({ NODE_ENV: "test", APP_URL, DATA_DIR: dataDir }),
    } as unknown as TestApi["deps"];
    let turn = 0;
    t = {
      db,
      clock,
      deps,
      request(apiPath, init = {}) {
        const { json, cookie, ip: _ip, ...rest } = init;
        const headers = new Headers(rest.headers);
        headers.set("Origin", APP_URL);
        if (cookie) headers.set("Cookie", cookie);
        let body = rest.body;
        if (json !== undefined) {
          headers.set("Content-Type", "application/json");
          body = JSON.stringify(json);
        }
        const server = servers[turn++ % servers.length]!;
        return fetch(`${server.url}/api/v1${apiPath}`, {
          ...rest,
          headers,
          body,
          method: rest.method ?? (body ? "POST" : "GET"),
        });
      },
    } as TestApi;
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await dropDb?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const organiser = () => createUserWithSession(t.deps, { firstName: "Organiser" });

  /** Round `index` of the event started a minute ago, by the real clock the processes keep. */
  async function startRoundNow(eventId: number, index: number) {
    const { rounds } = await db
      .selectFrom("events")
      .select("rounds")
      .where("id", "=", eventId)
      .executeTakeFirstOrThrow();
    const list = JSON.parse(rounds ?? "[]") as Round[];
    list[index]!.startDate = new Date(Date.now() - 60_000).toISOString();
    await db
      .updateTable("events")
      .set({ rounds: JSON.stringify(list) })
      .where("id", "=", eventId)
      .execute();
  }

  it("a session made on one process works on the other, and ends on both", async () => {
    const [a, b] = servers;
    const me = await createUserWithSession(t.deps);
    await db
      .updateTable("users")
      .set({ passwordHash: await hash("correct-horse-9") })
      .where("id", "=", me.user.id)
      .execute();
    const login = await fetch(`${a!.url}/api/v1/user/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: APP_URL },
      body: JSON.stringify({ email: me.user.email, password: "correct-horse-9" }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const onB = await fetch(`${b!.url}/api/v1/user/profile`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect((await onB.json()).email).toBe(me.user.email);
    expect((await fetch(`${b!.url}/api/v1/user/logout`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${a!.url}/api/v1/user/profile`, { headers: { cookie } })).status).toBe(
      401,
    );
  });

  it("holds the registration capacity with 20 people at once across both", async () => {
    const org = await organiser();
    const n = await publishedEvent(t, org.user.id, { capacity: 5 });
    const rush = await people(t, 20, "R");
    const res = await Promise.all(
      rush.map((p) => as(t, p.cookie).post(`/event/${n}/register`, DETAILS)),
    );
    expect(res.filter((r) => r.status === 201)).toHaveLength(5);
    expect(res.filter((r) => r.status === 409)).toHaveLength(15);
    const rows = await db
      .selectFrom("registrations")
      .innerJoin("events", "events.id", "registrations.eventId")
      .select("registrations.id")
      .where("events.eventNumber", "=", n)
      .execute();
    expect(rows).toHaveLength(5);
  });

  it("holds the team size with 10 people joining a team's last place at once across both", async () => {
    const org = await organiser();
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 3));
    const [leader, second] = await people(t, 2, "L");
    const team = await (
      await as(t, leader!.cookie).post(`/event/${n}/register`, {
        ...DETAILS,
        teamName: "Two Processes",
      })
    ).json();
    await as(t, second!.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code });
    const rush = await people(t, 10, "J");
    const res = await Promise.all(
      rush.map((p) =>
        as(t, p.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code }),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const members = await db
      .selectFrom("registrationMembers")
      .select("userId")
      .where("registrationId", "=", team._id)
      .execute();
    expect(members).toHaveLength(3);
  });

  it("checks a ticket in once when 12 scanners on both processes scan it at once", async () => {
    const org = await organiser();
    const { eventNumber, holders } = await eventWithTickets(t, org.user.id, 1);
    const res = await Promise.all(
      Array.from({ length: 12 }, () =>
        scan(t, org.cookie, eventNumber, { code: holders[0]!.ticket.code }),
      ),
    );
    expect(res.map((r) => r.status).sort()).toEqual([200, ...Array(11).fill(409)]);
    expect(await checkInRows(t, eventNumber)).toHaveLength(1);
  });

  it("holds one quiz attempt per team when three members press 'Start quiz' 12 times at once across both", async () => {
    const w = await quizEvent(t, { team: true });
    const members = await team(t, w, 3, "Split Owls");
    // The quiz was set up before its round; the processes keep the real clock, so the round is
    // moved to have started a minute ago rather than the test's clock moved past its start.
    await startRoundNow(w.eventId, w.index);
    const res = await Promise.all(
      Array.from({ length: 12 }, (_, i) => as(t, members[i % 3]!.cookie).post(`${w.path}/start`)),
    );
    const answers = await Promise.all(
      res.map(async (r, i) => ({ who: i % 3, status: r.status, body: await r.json() })),
    );
    const first = answers.find((a) => a.status === 200);
    expect(first, JSON.stringify(answers)).toBeDefined();
    const holder = members[first!.who]!;
    // SPEC-3 §4: the first member to start holds the attempt; each of their presses gets it, the
    // same one (order, deadline); the teammates are told who holds it.
    expect(answers.map((a) => a.status)).toEqual(
      answers.map((a) => (a.who === first!.who ? 200 : 409)),
    );
    for (const a of answers)
      if (a.status === 200) expect(a.body).toEqual(first!.body);
      else expect(a.body.message).toBe(`Your team's quiz was started by ${holder.user.firstName}`);
    const rows = await db
      .selectFrom("quizAttempts")
      .select(["id", "userId", "registrationId"])
      .where("eventId", "=", w.eventId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.body.attemptId, userId: holder.user.id });
  });

  it("keeps one submission per team and round with 12 saves from three members at once across both", async () => {
    const org = await organiser();
    const n = await publishedEvent(t, org.user.id, {
      ...teamEvent(2, 3),
      rounds: JSON.stringify([storedRound(t.clock.now(), "split", { kind: "submission" })]),
    });
    const members = await team(t, { eventNumber: n }, 3, "Split Makers");
    const res = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        as(t, members[i % 3]!.cookie).post(`/event/${n}/rounds/0/submission`, {
          title: `Split ${i}`,
          description: "Saved at once by three members through two processes.",
        }),
      ),
    );
    // SPEC-3 §2: 201 the first time, then 200; every save counted by `version`.
    expect(res.map((r) => r.status).sort()).toEqual([...Array(11).fill(200), 201]);
    const bodies = await Promise.all(res.map((r) => r.json()));
    const rows = await db
      .selectFrom("submissions as s")
      .innerJoin("events as e", "e.id", "s.eventId")
      .select(["s.registrationId", "s.version", "s.title"])
      .where("e.eventNumber", "=", n)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ registrationId: bodies[0].registrationId });
    expect(Number(rows[0]!.version)).toBe(12);
    expect(bodies.map((b) => b.title)).toContain(rows[0]!.title);
    // Only the first save mails each member, once.
    const emails = members.map((m) => m.user.email);
    const mails = await db
      .selectFrom("mailOutbox")
      .select("to")
      .where("to", "in", emails)
      .where("subject", "like", "Submission received: %")
      .execute();
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
  });

  it("counts a visitor served by both processes once", async () => {
    const org = await organiser();
    const n = await publishedEvent(t, org.user.id);
    for (const server of servers) {
      const page = await fetch(`${server.url}/event/${n}`, { headers: { "User-Agent": CHROME } });
      expect(page.status).toBe(200);
      await page.text();
    }
    // Reading insights writes the reading process's waiting views first: read on both.
    let total = -1;
    for (const server of servers) {
      const res = await fetch(`${server.url}/api/v1/event/${n}/insights`, {
        headers: { cookie: org.cookie },
      });
      expect(res.status).toBe(200);
      total = (await res.json()).views.total;
    }
    expect(total).toBe(1);
  });

  it("mails a reminder once to each person though both processes run the job worker", async () => {
    const org = await organiser();
    const now = Date.now();
    // The deadline reminder's moment passed a minute ago: both workers find it due at once.
    const endDate = new Date(now + REMINDER_LEAD_MS - 60_000).toISOString();
    const n = await publishedEvent(t, org.user.id, { endDate });
    const event = await db
      .selectFrom("events")
      .select(["id", "status", "endDate", "rounds"])
      .where("eventNumber", "=", n)
      .executeTakeFirstOrThrow();
    const savers = await people(t, 6, "S");
    for (const s of savers)
      await db
        .insertInto("saves")
        .values({ userId: s.user.id, eventId: event.id, createdAt: new Date().toISOString() })
        .execute();
    await syncEventReminders(db, fixedClock(new Date().toISOString()), event);
    const emails = savers.map((s) => s.user.email);
    const reminders = () =>
      db.selectFrom("mailOutbox").select("to").where("to", "in", emails).execute();
    const deadline = Date.now() + 60_000;
    while ((await reminders()).length < emails.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    // A few more turns of both workers: nothing is queued twice.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await reminders()).map((m) => m.to).sort()).toEqual([...emails].sort());
  });

  it("an event unpublished through one process is gone from the other's kept pages in PAGE_CACHE_SECONDS", async () => {
    const org = await organiser();
    const n = await publishedEvent(t, org.user.id);
    const [a, b] = servers;
    const anonymous = () => fetch(`${b!.url}/event/${n}`).then((r) => r.status);
    expect(await anonymous()).toBe(200);
    expect(await anonymous()).toBe(200); // now kept by B
    const res = await fetch(`${a!.url}/api/v1/event/${n}/unpublish`, {
      method: "POST",
      headers: { cookie: org.cookie, Origin: APP_URL, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, PAGE_CACHE_SECONDS * 1000));
    // Several at once: none may get the kept page while one of them renders it afresh.
    expect(await Promise.all(Array.from({ length: 6 }, anonymous))).toEqual(Array(6).fill(404));
  });
});
