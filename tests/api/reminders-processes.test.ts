import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { systemClock } from "#server/lib/clock";
import { REMINDER_LEAD_MS } from "#server/services/saves/reminders";
import { APP_URL, engines, freshDb } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { startApiProcess, type ApiProcess } from "#tests/helpers/processes";
import { startSmtpServer } from "#tests/helpers/smtp";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Two backend processes on one database, both with their worker running, and a reminder that
 * falls due while they run: every saver gets it exactly once, with the real clock.
 */
describe.each(engines)("reminders with two processes' workers on %s", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dataDir: string;
  let env: Record<string, string>;
  let procs: ApiProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-remind-"));
    env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, APP_URL };
    if (engine === "postgres") {
      const fresh = await freshDb("postgres");
      db = fresh.db;
      drop = fresh.drop;
      const name = await db
        .selectNoFrom((eb) => eb.fn<string>("current_database", []).as("n"))
        .executeTakeFirstOrThrow();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name.n}`;
      env.DATABASE_URL = url.toString();
    } else {
      db = connectDb({ sqlitePath: path.join(dataDir, "utsav.db") });
      await migrateToLatest(db);
      drop = () => db.destroy();
    }
    procs = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await drop?.();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends each saver's reminder exactly once", async () => {
    const deps = { db, clock: systemClock, config: readConfig({ NODE_ENV: "test", APP_URL }) };
    const org = await createUserWithSession(deps, { firstName: "Org" });
    // Its reminder falls due a second from now, while both workers tick.
    const end = new Date(Date.now() + REMINDER_LEAD_MS + 1000).toISOString();
    const emails: string[] = [];
    const users = [];
    for (let i = 0; i < 40; i++) users.push((await createUserWithSession(deps)).user);
    const e = await insertEvent(deps, org.user.id, { endDate: end });
    await db
      .insertInto("saves")
      .values(users.map((u) => ({ userId: u.id, eventId: e.id, createdAt: end })))
      .execute();
    emails.push(...users.map((u) => u.email));

    const deadline = Date.now() + 30_000;
    const got = () => smtp.received.flatMap((m) => m.to).filter((a) => emails.includes(a));
    while (got().length < emails.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    // A few more ticks of both workers: nothing goes twice.
    await new Promise((r) => setTimeout(r, 4500));
    expect(got().sort()).toEqual([...emails].sort());
    // Headers as mail clients read them: long ones are folded on the wire.
    const raw = smtp.received
      .find((m) => m.to.includes(emails[0]))!
      .raw.replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\/[\w-]{43}>/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  }, 180_000);
});
