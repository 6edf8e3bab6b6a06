import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { systemClock } from "#server/lib/clock";
import { mailerFor } from "#server/lib/deps";
import { register } from "#server/services/registration/registrations";
import { APP_URL, engines, freshDb } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { PAID } from "#tests/helpers/payments";
import { type ApiProcess, startApiProcess } from "#tests/helpers/processes";
import { DETAILS } from "#tests/helpers/registration";
import { startSmtpServer } from "#tests/helpers/smtp";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * SPEC-4 §2's expiry with two backend processes on one database, both workers running, with the
 * real clock: holds that passed while no server ran expire when they start, holds that pass while
 * they run expire within seconds; each exactly once (one release mail per payer).
 */
describe.each(engines)("payment expiry with two processes on %s", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dataDir: string;
  let env: Record<string, string>;
  let procs: ApiProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-pay-"));
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
  }, 180_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await drop?.();
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("expires every hold exactly once: those passed while down on start, the others on time", async () => {
    const config = readConfig({ NODE_ENV: "test", APP_URL });
    const deps = { db, clock: systemClock, config, mail: mailerFor(systemClock) };
    const org = await createUserWithSession(deps, { firstName: "Org" });
    const day = 86_400_000;
    const event = await insertEvent(deps, org.user.id, {
      ...PAID,
      eventName: "Night Fest",
      startDate: new Date(Date.now() - day).toISOString(),
      endDate: new Date(Date.now() + day).toISOString(),
      capacity: 30,
    });
    const payers = [];
    for (let i = 0; i < 20; i++) {
      const p = await createUserWithSession(deps, { firstName: `Payer${i}` });
      await register(deps, p.user, event.eventNumber, { ...DETAILS });
      payers.push(p.user);
    }
    // Half the holds passed an hour ago (the server was down); half pass 3 s after start.
    const rows = await db.selectFrom("payments").select(["id", "userId"]).execute();
    for (const [i, r] of rows.entries()) {
      const at = new Date(Date.now() + (i % 2 ? 3000 : -3_600_000)).toISOString();
      await db.updateTable("payments").set({ holdUntil: at }).where("id", "=", r.id).execute();
      await db
        .updateTable("jobs")
        .set({ nextAttemptAt: at })
        .where("key", "=", `payment-expire:${r.id}`)
        .execute();
    }
    procs = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    const emails = payers.map((p) => p.email);
    const released = () =>
      smtp.received
        .filter((m) => /Your place at Night Fest was released/.test(m.raw))
        .flatMap((m) => m.to);
    const deadline = Date.now() + 60_000;
    while (released().length < emails.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    // A few more ticks of both workers: nothing goes twice.
    await new Promise((r) => setTimeout(r, 4500));
    expect(released().sort()).toEqual([...emails].sort());
    const statuses = await db.selectFrom("payments").select("status").execute();
    expect(statuses.every((s) => s.status === "expired")).toBe(true);
    const after = await db
      .selectFrom("events")
      .select("registrationCount")
      .where("id", "=", event.id)
      .executeTakeFirstOrThrow();
    expect(after.registrationCount).toBe(0);
  }, 240_000);
});
