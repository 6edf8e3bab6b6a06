import type { Db } from "#server/db/connect";
import { type Deps, mailerFor } from "#server/lib/deps";
import { attachmentRenderers } from "#server/mail/attachments";
import { createMailWorker, type MailTransport, type OutgoingMail } from "#server/mail/outbox";
import { REMINDER_JOB, reminderJobHandler } from "#server/services/saves/reminders";

export type SentMail = OutgoingMail;

/** A transport that keeps what it was given, for tests that read the mails sent. */
export function memoryTransport(): MailTransport & { sent: SentMail[] } {
  const sent: SentMail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

/**
 * The process's worker (jobs, then mail) over `db`, with the deps of `base` (clock, config), as
 * createDeps builds it: a second one on another connection is a second process's worker.
 */
export function createTestWorker(base: Pick<Deps, "clock" | "config">, db: Db) {
  const transport = memoryTransport();
  const deps = { db, clock: base.clock, config: base.config, mail: mailerFor(base.clock) };
  const worker = createMailWorker({
    db,
    clock: base.clock,
    transport,
    from: base.config.mailFrom,
    jobs: { [REMINDER_JOB]: reminderJobHandler(deps) },
    attachments: attachmentRenderers(deps),
  });
  return { worker, sent: transport.sent, runOnce: () => worker.runOnce() };
}
