import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Kysely, Transaction } from "kysely";
import type { Database, NewMail } from "#server/db/schema";
import type { Clock } from "#server/lib/clock";
import { type JobHandler, runOneJob } from "#server/jobs/jobs";
import { backoffMs, claimDue } from "#server/jobs/queue";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on reminders. */
  headers?: Record<string, string>;
  /** Files to attach, by reference: the worker renders them when it sends the mail. */
  attachments?: MailAttachmentRef[];
}

/**
 * What a queued mail says it attaches. The outbox row keeps only this (a few bytes of JSON);
 * the worker asks the renderer of its `kind` for the file at send time.
 */
export type MailAttachmentRef = { kind: "receipt"; paymentId: string };

/** A file ready to send, as nodemailer takes it. */
export interface RenderedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Renders one kind of attachment; null when there is nothing to attach any more. */
export type AttachmentRenderer<K extends MailAttachmentRef["kind"] = MailAttachmentRef["kind"]> = (
  ref: Extract<MailAttachmentRef, { kind: K }>,
) => Promise<RenderedAttachment | null>;

/** The worker's renderers by kind (server/mail/attachments.ts builds them from deps). */
export type AttachmentRenderers = {
  [K in MailAttachmentRef["kind"]]?: AttachmentRenderer<K>;
};

/** A mail as the transport receives it: its attachments rendered. */
export type OutgoingMail = Omit<Mail, "attachments"> & {
  from: string;
  attachments?: RenderedAttachment[];
};

/** Something that delivers one mail or throws. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * The outbox row of a mail queued at `now`, due at once. `enqueueMail` inserts it; so does the
 * one-statement registration on PostgreSQL (services/registrations.ts), which cannot call it.
 */
export function outboxRow(mail: Mail, now: string): NewMail {
  return {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
    attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
    attempts: 0,
    nextAttemptAt: now,
    lockedUntil: null,
    sentAt: null,
    lastError: null,
    createdAt: now,
  };
}

/**
 * Queue a mail (or many) in the same transaction as the change that needs it: if the change
 * rolls back, no mail; if it commits, the worker will deliver it, however long SMTP is down.
 */
export async function enqueueMail(
  db: Kysely<Database> | Transaction<Database>,
  clock: Clock,
  mail: Mail | Mail[],
): Promise<void> {
  const now = clock.now().toISOString();
  const mails = Array.isArray(mail) ? mail : [mail];
  // In slices, under the engines' limits on bound parameters per statement.
  for (let i = 0; i < mails.length; i += 200) {
    await db
      .insertInto("mailOutbox")
      .values(mails.slice(i, i + 200).map((m) => outboxRow(m, now)))
      .execute();
  }
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

/**
 * The one worker of everything that happens later (server/jobs/queue.ts): it runs the due jobs
 * (a reminder job queues its mails here), then claims due outbox rows one at a time and sends
 * them. A failed send is retried with exponential backoff, never dropped.
 */
export function createMailWorker(deps: {
  db: Kysely<Database>;
  clock: Clock;
  transport: MailTransport;
  from: string;
  intervalMs?: number;
  /** Handlers of scheduled jobs by kind; without them the worker sends mail only. */
  jobs?: Record<string, JobHandler>;
  /** Renderers of attachments by kind; a mail whose kind has none waits and is retried. */
  attachments?: AttachmentRenderers;
}) {
  const { db, clock, transport, from } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /** The files of a row's attachment references, rendered now; throws to retry the mail later. */
  async function render(json: string): Promise<RenderedAttachment[]> {
    const files: RenderedAttachment[] = [];
    for (const ref of JSON.parse(json) as MailAttachmentRef[]) {
      const renderer = deps.attachments?.[ref.kind] as AttachmentRenderer | undefined;
      if (!renderer) throw new Error(`No renderer for attachments of kind ${ref.kind}`);
      const file = await renderer(ref);
      if (file) files.push(file);
    }
    return files;
  }

  /** Runs the due jobs, then sends every mail due now; answers how many mails were sent. */
  async function runOnce(): Promise<number> {
    if (deps.jobs) while (await runOneJob(db, clock, deps.jobs));
    let sent = 0;
    for (;;) {
      const row = await claimDue(db, clock, "mailOutbox");
      if (!row) return sent;
      try {
        await transport.send({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
          attachments: row.attachments ? await render(row.attachments) : undefined,
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
