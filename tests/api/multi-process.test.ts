import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "#server/services/accounts/login-guard";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { fixedClock } from "#server/lib/clock";
import { enqueueMail } from "#server/mail/outbox";
import { engines, freshDb } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { startApiProcess, type ApiProcess } from "#tests/helpers/processes";
import { startSmtpServer } from "#tests/helpers/smtp";
import { createUserWithSession } from "#tests/helpers/users";
import { newUserRow } from "#server/services/accounts/new-user-row";

/**
 * Several backend processes on one database, as on several machines: they share everything.
 * SQLite (one file, WAL) and PostgreSQL (when TEST_DATABASE_URL is set).
 */
describe.each(engines)("two backend processes on %s", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dataDir: string;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-multi-"));
    if (engine === "postgres") {
      const fresh = await freshDb("postgres");
      db = fresh.db;
      drop = fresh.drop;
      // freshDb's database URL: rebuild it from the pool's config.
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(await db.selectNoFrom((eb) => eb.fn<string>("current_database", []).as("n")).executeTakeFirstOrThrow()).n}`;
      env = { DATABASE_URL: url.toString() };
    } else {
      db = connectDb({ sqlitePath: path.join(dataDir, "utsav.db") });
      await migrateToLatest(db);
      drop = () => db.destroy();
      env = {};
    }
    env = { ...env, DATA_DIR: dataDir, SMTP_URL: smtp.url, APP_URL: "http://localhost:3000" };
    [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("both answer health from the shared database", async () => {
    expect((await fetch(`${a.url}/api/v1/health`)).status).toBe(200);
    expect((await fetch(`${b.url}/api/v1/health`)).status).toBe(200);
  });

  it("sends each outbox row exactly once though both mail workers run", async () => {
    const clock = fixedClock(new Date().toISOString());
    const to = Array.from({ length: 30 }, (_, i) => `multi${i}.${engine}@example.com`);
    await db.transaction().execute(async (trx) => {
      for (const address of to)
        await enqueueMail(trx, clock, { to: address, subject: "Hello", text: "Hi" });
    });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const sent = await db
        .selectFrom("mailOutbox")
        .select("id")
        .where("sentAt", "is not", null)
        .where("to", "in", to)
        .execute();
      if (sent.length === to.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 2500)); // one more worker tick each: nothing is sent twice
    const got = smtp.received.flatMap((m) => m.to).filter((addr) => to.includes(addr));
    expect(got.sort()).toEqual([...to].sort());
  });

  it("a session made on one process works on the other, and logout on the other ends it", async () => {
    const email = `both.${engine}@example.com`;
    const now = new Date().toISOString();
    await db
      .insertInto("users")
      .values(
        newUserRow(now, {
          id: `both${engine}`.padEnd(24, "0").slice(0, 24),
          email,
          passwordHash: await hash("correct-horse-9"),
          emailVerifiedAt: now,
          firstName: "Both",
        }),
      )
      .execute();
    const login = await fetch(`${a.url}/api/v1/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-9" }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const onB = await fetch(`${b.url}/api/v1/user/profile`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect((await onB.json()).email).toBe(email);
    expect((await fetch(`${b.url}/api/v1/user/logout`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${a.url}/api/v1/user/profile`, { headers: { cookie } })).status).toBe(401);
  });

  it("counts a rate limit across both processes", async () => {
    const email = `limited.${engine}@example.com`;
    // Same account, same address: the per account-and-address limit.
    const { limit } = LOGIN_LIMITS.perPair;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const target = i % 2 === 0 ? a : b;
      const res = await fetch(`${target.url}/api/v1/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "wrong-password-1" }),
      });
      statuses.push(res.status);
    }
    // `limit` tries are answered (wrong password), the next one, on whichever process, is refused.
    expect(statuses.slice(0, limit).every((s) => s === 400 || s === 401)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it("gives an event number to exactly one organiser when two claim it at once on different processes", async () => {
    const deps = {
      db,
      clock: fixedClock(new Date().toISOString()),
      config: readConfig({ NODE_ENV: "test" }),
    };
    const [first, second] = await Promise.all([
      createUserWithSession(deps),
      createUserWithSession(deps),
    ]);
    const logo = readFileSync(path.join(__dirname, "../fixtures/logo.png"));
    const number = engine === "sqlite" ? "55501" : "55502";
    const claim = (target: ApiProcess, cookie: string, name: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        eventType: "Quizzes",
        eventName: name,
        organisationName: "IIT Delhi",
        modeOfEvent: "Online",
        aboutEvent: "<p>Rules</p>",
      }))
        f.append(k, v);
      f.append("eventLogo", new File([logo], "logo.png", { type: "image/png" }));
      return fetch(`${target.url}/api/v1/event/create/${number}/step1`, {
        method: "POST",
        headers: { cookie },
        body: f,
      });
    };
    const results = await Promise.all([
      claim(a, first.cookie, "First Quiz"),
      claim(b, second.cookie, "Second Quiz"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await db
      .selectFrom("events")
      .select(["madeBy", "eventName"])
      .where("eventNumber", "=", number)
      .execute();
    expect(rows).toHaveLength(1);
    const winner = results[0]!.status === 200 ? first : second;
    expect(rows[0]!.madeBy).toBe(winner.user.id);
  });

  it("holds SPEC-2 §4's 5 announcements an event a day across both processes, even all at once", async () => {
    const deps = {
      db,
      clock: fixedClock(new Date().toISOString()),
      config: readConfig({ NODE_ENV: "test" }),
    };
    const organiser = await createUserWithSession(deps);
    const { eventNumber } = await insertEvent(deps, organiser.user.id);
    const post = (target: ApiProcess, i: number) =>
      fetch(`${target.url}/api/v1/event/${eventNumber}/announcements`, {
        method: "POST",
        headers: { cookie: organiser.cookie, "content-type": "application/json" },
        body: JSON.stringify({ title: `Update ${i}`, message: `Message number ${i} for all` }),
      });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 2 === 0 ? a : b, i)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    const rows = await db
      .selectFrom("announcements")
      .innerJoin("events", "events.id", "announcements.eventId")
      .select("announcements.id")
      .where("events.eventNumber", "=", eventNumber)
      .execute();
    expect(rows).toHaveLength(5);
  });
});
