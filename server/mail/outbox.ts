import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema";
import { isPostgres } from "#server/db/connect";
import type { Clock } from "#server/lib/clock";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Something that delivers one mail or throws. */
export interface MailTransport {
  send(mail: Mail & { from: string }): Promise<void>;
}

/**
 * Queue a mail in the same transaction as the change that needs it: if the change rolls back,
 * no mail; if it commits, the worker will deliver it, however long SMTP is down.
 */
export async function enqueueMail(
  db: Kysely<Database> | Transaction<Database>,
  clock: Clock,
  mail: Mail,
): Promise<void> {
  const now = clock.now().toISOString();
  await db
    .insertInto("mailOutbox")
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      sentAt: null,
      lastError: null,
      createdAt: now,
    })
    .execute();
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
  };
}

/** With no SMTP configured: each mail becomes an .eml file, and its links are logged. */
export function diskTransport(
  dir: string,
  log: (line: string) => void = console.log,
): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      await fs.mkdir(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(
        dir,
        `${Date.now()}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      // Written aside, then renamed: whoever reads the folder never sees half a mail.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`[mail] to ${mail.to}: ${mail.subject}${links.length ? ` ${links.join(" ")}` : ""}`);
    },
  };
}

const LOCK_MS = 60_000;
const backoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * Claims due outbox rows one at a time and sends them. A claim is an UPDATE guarded by the
 * lock column, so two processes never send the same row; on PostgreSQL the candidate is picked
 * with FOR UPDATE SKIP LOCKED. A failed send is retried with exponential backoff, never dropped.
 */
export function createMailWorker(deps: {
  db: Kysely<Database>;
  clock: Clock;
  transport: MailTransport;
  from: string;
  intervalMs?: number;
}) {
  const { db, clock, transport, from } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function claim() {
    const now = clock.now().toISOString();
    const until = new Date(clock.now().getTime() + LOCK_MS).toISOString();
    const pick = db
      .selectFrom("mailOutbox")
      .select("id")
      .where("sentAt", "is", null)
      .where("nextAttemptAt", "<=", now)
      .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", now)]))
      .orderBy("id")
      .limit(1);
    const candidate = isPostgres(db) ? pick.forUpdate().skipLocked() : pick;
    return db
      .updateTable("mailOutbox")
      .set({ lockedUntil: until })
      .where("id", "=", (eb) => eb.selectFrom(candidate.as("c")).select("c.id"))
      .where("sentAt", "is", null)
      .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", now)]))
      .returningAll()
      .executeTakeFirst();
  }

  /** Sends everything due now; answers how many were sent. */
  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const row = await claim();
      if (!row) return sent;
      try {
        await transport.send({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
        });
        await db
          .updateTable("mailOutbox")
          .set({
            sentAt: clock.now().toISOString(),
            lockedUntil: null,
            attempts: row.attempts + 1,
            lastError: null,
          })
          .where("id", "=", row.id)
          .execute();
        sent++;
      } catch (err) {
        const attempts = row.attempts + 1;
        await db
          .updateTable("mailOutbox")
          .set({
            attempts,
            lockedUntil: null,
            lastError: String((err as Error)?.message ?? err).slice(0, 500),
            nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)).toISOString(),
          })
          .where("id", "=", row.id)
          .execute();
      }
    }
  }

  function tick() {
    if (running) return;
    running = runOnce()
      .catch((err) => {
        console.error("[mail] worker error:", (err as Error).message);
        return 0;
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    runOnce,
    /** Wakes the worker now (after a request queued a mail) instead of waiting for the next tick. */
    poke: tick,
    start() {
      if (!timer) timer = setInterval(tick, deps.intervalMs ?? 2000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
