import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb, type Db } from "../../server/db/connect";
import { migrateToLatest } from "../../server/db/migrations";
import { fixedClock } from "../../server/lib/clock";
import { enqueueMail } from "../../server/mail/outbox";
import { engines, freshDb } from "../helpers/api";
import { startApiProcess, type ApiProcess } from "../helpers/processes";
import { startSmtpServer } from "../helpers/smtp";

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
      for (const address of to) await enqueueMail(trx, clock, { to: address, subject: "Hello", text: "Hi" });
    });
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const sent = await db.selectFrom("mailOutbox").select("id").where("sentAt", "is not", null).where("to", "in", to).execute();
      if (sent.length === to.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 2500)); // one more worker tick each: nothing is sent twice
    const got = smtp.received.flatMap((m) => m.to).filter((addr) => to.includes(addr));
    expect(got.sort()).toEqual([...to].sort());
  });
});
