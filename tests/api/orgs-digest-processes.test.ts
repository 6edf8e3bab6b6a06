import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { systemClock } from "#server/lib/clock";
import { mailerFor } from "#server/lib/deps";
import { APP_URL, engines, freshDb } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { type ApiProcess, startApiProcess } from "#tests/helpers/processes";
import { startSmtpServer } from "#tests/helpers/smtp";
import { createUserWithSession } from "#tests/helpers/users";

/** `HH:MM` India time of an instant. */
function istTime(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(11, 16);
}

/**
 * SPEC-4 §4's digest with two backend processes on one database, both workers running, with the
 * real clock: DIGEST_TIME a few minutes ago (within the grace), so both schedule today's digest on
 * start and both workers reach for it; each follower is mailed exactly once.
 */
describe.each(engines)("followers' digest with two processes on %s", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dataDir: string;
  let env: Record<string, string>;
  let procs: ApiProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-digest-"));
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

  it("mails each follower once", async () => {
    const config = readConfig({ NODE_ENV: "test", APP_URL });
    const deps = { db, clock: systemClock, config, mail: mailerFor(systemClock) };
    const owner = await createUserWithSession(deps, { firstName: "Org" });
    const now = new Date().toISOString();
    const org = await db
      .insertInto("organisations")
      .values({
        handle: "night-club",
        name: "Night Club",
        college: "IIT Delhi",
        city: "Delhi",
        about: null,
        logo: null,
        website: null,
        instagram: null,
        verifiedDomain: null,
        ownerId: owner.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertEvent(deps, owner.user.id, {
      eventName: "Night Fest",
      orgId: org.id,
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const emails: string[] = [];
    for (let i = 0; i < 15; i++) {
      const f = await createUserWithSession(deps, { firstName: `Fan${i}` });
      await db
        .insertInto("orgFollows")
        .values({ orgId: org.id, userId: f.user.id, createdAt: now })
        .execute();
      emails.push(f.user.email);
    }
    const digestTime = istTime(new Date(Date.now() - 3 * 60_000));
    procs = await Promise.all([
      startApiProcess({ ...env, DIGEST_TIME: digestTime }),
      startApiProcess({ ...env, DIGEST_TIME: digestTime }),
    ]);
    const mailed = () =>
      smtp.received.filter((m) => /New events from Night Club/.test(m.raw)).flatMap((m) => m.to);
    const deadline = Date.now() + 90_000;
    while (mailed().length < emails.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    // A few more ticks of both workers: nothing goes twice.
    await new Promise((r) => setTimeout(r, 4500));
    expect(mailed().sort()).toEqual([...emails].sort());
    const sends = await db.selectFrom("digestSends").select("userId").execute();
    expect(sends).toHaveLength(15);
  }, 240_000);
});
