import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { mailerFor } from "#server/lib/deps";
import { fixedClock } from "#server/lib/clock";
import { createMailWorker, diskTransport } from "#server/mail/outbox";
import {
  DIGEST_JOB,
  digestJobHandler,
  digestMoment,
  scheduleDigests,
} from "#server/services/orgs/digest";
import { newUserRow } from "#server/services/accounts/new-user-row";
import { insertPublishedEvent } from "./bench-registrations";

/**
 * The digest run of `npm run bench` (SPEC-4 §6): an organisation with COUNT followers publishes
 * an event; at DIGEST_TIME two workers (two connections to the database, as two processes have)
 * run at once until every mail is written to disk. Measures the time to queue the digest (the
 * job's fan-out) and to send it all, and checks each follower got exactly one.
 */
export async function digestRun(
  engine: "sqlite" | "postgres",
  count: number,
  pgUrl?: string,
): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-bench-digest-"));
  const connect = (): Db =>
    engine === "postgres"
      ? connectDb({ databaseUrl: pgUrl!, poolSize: 4 })
      : connectDb({ sqlitePath: path.join(dir, "utsav.db"), waitMs: 5000 });
  const a = connect();
  await migrateToLatest(a);
  const b = engine === "postgres" ? connect() : a;
  try {
    const day = "2026-11-21";
    const moment = digestMoment(day, "18:00");
    const clock = fixedClock(new Date(moment.getTime() - 3_600_000).toISOString());
    const config = readConfig({ NODE_ENV: "test", APP_URL: "https://utsav.example" });
    const now = clock.now().toISOString();
    const ids = Array.from({ length: count }, () => randomBytes(12).toString("hex"));
    for (let i = 0; i < count; i += 500)
      await a
        .insertInto("users")
        .values(
          ids.slice(i, i + 500).map((id) =>
            newUserRow(now, {
              id,
              email: `d.${id}@example.com`,
              emailVerifiedAt: now,
              firstName: "Asha",
            }),
          ),
        )
        .execute();
    const org = await a
      .insertInto("organisations")
      .values({
        handle: "bench-club",
        name: "Bench Club",
        college: "IIT Delhi",
        city: "New Delhi",
        about: null,
        logo: null,
        website: null,
        instagram: null,
        verifiedDomain: null,
        ownerId: ids[0]!,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < count; i += 500)
      await a
        .insertInto("orgFollows")
        .values(ids.slice(i, i + 500).map((userId) => ({ orgId: org.id, userId, createdAt: now })))
        .execute();
    await insertPublishedEvent(a, now, {
      eventNumber: "90002",
      madeBy: ids[0],
      eventName: "Bench Fest",
      startDate: now,
      endDate: new Date(moment.getTime() + 5 * 86_400_000).toISOString(),
      rounds: "[]",
      importantDates: "[]",
    });
    await a
      .updateTable("events")
      .set({ orgId: org.id })
      .where("eventNumber", "=", "90002")
      .execute();
    // Both "processes" schedule on start; the moment comes.
    await scheduleDigests({ db: a, clock, config });
    await scheduleDigests({ db: b, clock, config });
    clock.set(moment.toISOString());

    const mailDir = path.join(dir, "mail");
    let fanOutMs = 0;
    const worker = (db: Db) =>
      createMailWorker({
        db,
        clock,
        transport: diskTransport(mailDir, () => {}),
        from: config.mailFrom,
        jobs: {
          [DIGEST_JOB]: async (job) => {
            const f0 = performance.now();
            await digestJobHandler({ db, clock, config, mail: mailerFor(clock) })(job);
            fanOutMs = performance.now() - f0;
          },
        },
      });
    const t0 = performance.now();
    const left = async () => {
      const job = await a
        .selectFrom("jobs")
        .select("doneAt")
        .where("key", "=", `orgs-digest:${day}`)
        .executeTakeFirstOrThrow();
      if (!job.doneAt) return 1;
      const { n } = await a
        .selectFrom("mailOutbox")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("sentAt", "is", null)
        .executeTakeFirstOrThrow();
      return Number(n);
    };
    const drain = async (w: ReturnType<typeof worker>) => {
      while ((await w.runOnce()) > 0 || (await left()) > 0)
        await new Promise((r) => setTimeout(r, 10));
    };
    await Promise.all([drain(worker(a)), drain(worker(b))]);
    const totalMs = performance.now() - t0;

    const files = readdirSync(mailDir).filter((f) => f.endsWith(".eml"));
    const recipients = new Set(
      files.map((f) => /^To: (.*)$/m.exec(readFileSync(path.join(mailDir, f), "utf8"))?.[1]),
    );
    const exact = files.length === count && recipients.size === count;
    return `Digest (${engine === "postgres" ? "PostgreSQL" : "SQLite"}): an organisation with ${count.toLocaleString("en")} followers published, 2 workers: ${files.length.toLocaleString("en")} mails to ${recipients.size.toLocaleString("en")} people (${exact ? "each exactly once" : "NOT exactly once"}); the job queued them in ${(fanOutMs / 1000).toFixed(1)} s, all sent in ${(totalMs / 1000).toFixed(1)} s`;
  } finally {
    if (b !== a) await b.destroy();
    await a.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
