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
  REMINDER_JOB,
  REMINDER_LEAD_MS,
  reminderJobHandler,
} from "#server/services/saves/reminders";
import { syncEventReminders } from "#server/services/saves/reminders";
import { newUserRow } from "#server/services/accounts/new-user-row";
import { insertPublishedEvent } from "./bench-registrations";

/**
 * The reminder run of `npm run bench`: COUNT people saved one event, its reminder falls due, and
 * two workers (two connections to the database, as two processes have) run at once until
 * everything is sent to disk (.eml files). Measures the time to queue the reminders (the job's
 * fan-out) and to send them all, and checks each person got exactly one.
 */
export async function reminderRun(
  engine: "sqlite" | "postgres",
  count: number,
  pgUrl?: string,
): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-bench-remind-"));
  const connect = (): Db =>
    engine === "postgres"
      ? connectDb({ databaseUrl: pgUrl!, poolSize: 4 })
      : connectDb({ sqlitePath: path.join(dir, "utsav.db"), waitMs: 5000 });
  const a = connect();
  await migrateToLatest(a);
  // SQLite: better-sqlite3 waits for locks synchronously, so two workers in one process share a
  // connection (they still interleave); PostgreSQL: two pools, truly at once.
  const b = engine === "postgres" ? connect() : a;
  try {
    const start = "2026-11-21T06:30:00.000Z";
    const clock = fixedClock(start);
    const config = readConfig({ NODE_ENV: "test", APP_URL: "https://utsav.example" });
    const now = clock.now().toISOString();
    const ids = Array.from({ length: count }, () => randomBytes(12).toString("hex"));
    for (let i = 0; i < count; i += 500) {
      await a
        .insertInto("users")
        .values(
          ids.slice(i, i + 500).map((id) =>
            newUserRow(now, {
              id,
              email: `r.${id}@example.com`,
              emailVerifiedAt: now,
              firstName: "Asha",
            }),
          ),
        )
        .execute();
    }
    const end = new Date(Date.parse(start) + 2 * REMINDER_LEAD_MS).toISOString();
    await insertPublishedEvent(a, now, {
      eventNumber: "90001",
      madeBy: ids[0],
      eventName: "Bench Hackathon",
      startDate: now,
      endDate: end,
      rounds: "[]",
      importantDates: "[]",
    });
    const event = await a.selectFrom("events").selectAll().executeTakeFirstOrThrow();
    for (let i = 0; i < count; i += 500) {
      await a
        .insertInto("saves")
        .values(
          ids.slice(i, i + 500).map((userId) => ({ userId, eventId: event.id, createdAt: now })),
        )
        .execute();
    }
    await syncEventReminders(a, clock, event);
    clock.set(new Date(Date.parse(end) - REMINDER_LEAD_MS).toISOString());

    const mailDir = path.join(dir, "mail");
    const worker = (db: Db) =>
      createMailWorker({
        db,
        clock,
        transport: diskTransport(mailDir, () => {}),
        from: config.mailFrom,
        jobs: {
          [REMINDER_JOB]: async (job) => {
            const f0 = performance.now();
            await reminderJobHandler({ db, clock, config, mail: mailerFor(clock) })(job);
            fanOutMs = performance.now() - f0;
          },
        },
      });
    let fanOutMs = 0;
    const t0 = performance.now();
    const left = async () => {
      const job = await a.selectFrom("jobs").select("doneAt").executeTakeFirstOrThrow();
      if (!job.doneAt) return 1;
      const { n } = await a
        .selectFrom("mailOutbox")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("sentAt", "is", null)
        .executeTakeFirstOrThrow();
      return Number(n);
    };
    // Each worker runs until nothing is left: one takes the job, both send what it queued.
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
    return `Reminders (${engine === "postgres" ? "PostgreSQL" : "SQLite"}): ${count.toLocaleString("en")} due at once, 2 workers: ${files.length.toLocaleString("en")} mails to ${recipients.size.toLocaleString("en")} people (${exact ? "each exactly once" : "NOT exactly once"}); the job queued them in ${(fanOutMs / 1000).toFixed(1)} s, all sent in ${(totalMs / 1000).toFixed(1)} s (${Math.round(count / (totalMs / 1000))} mails/s)`;
  } finally {
    if (b !== a) await b.destroy();
    await a.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
