import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, EventRow, JobRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import type { Clock } from "#server/lib/clock";
import { cancelJobs, type JobSpec, scheduleJob } from "#server/jobs/jobs";
import {
  deadlineReminderMail,
  incompleteTeamReminderMail,
  roundReminderMail,
  submissionReminderMail,
} from "#server/mail/reminder-templates";
import { roundsOf } from "#server/services/rounds/rounds";
import type { Mail } from "#server/mail/outbox";
import { unsubscribeTokens, unsubscribeUrl } from "./personal-links";
import {
  incompleteTeamMembers,
  type Recipient,
  registrantsInRunning,
  saversNotRegistered,
  submittersDue,
} from "./reminder-recipients";

/**
 * Reminder mails (SPEC-2 §3) on the one job mechanism (server/jobs/). Each published event has a
 * job per moment: its deadline, and each round's start. The job runs 24 hours before that
 * moment, reads who needs reminding then, and queues their mails in one transaction together
 * with a ledger row per person, event, kind and moment (`reminderSends`, whose key makes a
 * second send impossible however many workers run). A job more than REMINDER_GRACE_MS late (the
 * server was down at its moment) is skipped, never sent late.
 */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
export const REMINDER_GRACE_MS = 30 * 60 * 1000;
export const REMINDER_JOB = "reminder";

interface ReminderPayload {
  eventId: number;
  /** "submission": 24 h before a submission round closes (SPEC-3 §2), to who has not submitted. */
  kind: "deadline" | "round" | "submission";
  moment: string;
  index?: number;
  roundId?: string;
}

type Db = Kysely<Database> | Transaction<Database>;

const jobPrefix = (eventId: number) => `reminder:${eventId}:`;

/**
 * Makes the event's reminder jobs match the event as it is now: a moved deadline or round moves
 * its job, a removed round or an unpublished event cancels them. Called after every change of
 * an event; the job checks the event again when it runs, so a change that skipped this call is
 * still honoured.
 */
export async function syncEventReminders(
  db: Db,
  clock: Clock,
  row: Pick<EventRow, "id" | "status" | "endDate" | "rounds">,
): Promise<void> {
  const prefix = jobPrefix(row.id);
  if (row.status !== "active") return cancelJobs(db, prefix);
  const now = clock.now().getTime();
  const wanted: JobSpec[] = [];
  const add = (suffix: string, payload: ReminderPayload) => {
    const at = Date.parse(payload.moment) - REMINDER_LEAD_MS;
    // A reminder whose time has already passed is not sent at all.
    if (Number.isNaN(at) || at + REMINDER_GRACE_MS <= now) return;
    wanted.push({
      kind: REMINDER_JOB,
      key: prefix + suffix,
      runAt: new Date(at).toISOString(),
      notAfter: new Date(at + REMINDER_GRACE_MS).toISOString(),
      payload,
    });
  };
  if (row.endDate) add("deadline", { eventId: row.id, kind: "deadline", moment: row.endDate });
  roundsOf(row).forEach((r, index) => {
    if (r.startDate)
      add(`round:${index}`, { eventId: row.id, kind: "round", moment: r.startDate, index });
    if (r.kind === "submission" && r.endDate)
      add(`submission:${r._id}`, {
        eventId: row.id,
        kind: "submission",
        moment: r.endDate,
        index,
        roundId: r._id,
      });
  });
  for (const job of wanted) await scheduleJob(db, clock, job);
  await cancelJobs(
    db,
    prefix,
    wanted.map((j) => j.key),
  );
}

/** The reminder job's handler: who needs reminding now, each mailed once. */
export function reminderJobHandler(deps: Pick<Deps, "db" | "clock" | "config" | "mail">) {
  return async (job: JobRow) => {
    const p = JSON.parse(job.payload) as ReminderPayload;
    const event = await deps.db
      .selectFrom("events")
      .selectAll()
      .where("id", "=", p.eventId)
      .executeTakeFirst();
    // Unpublished (or gone) since: nothing to remind of.
    if (event?.status !== "active") return;
    const all = roundsOf(event);
    const round = p.kind === "deadline" ? undefined : all[p.index ?? -1];
    const moment =
      p.kind === "deadline"
        ? event.endDate
        : p.kind === "round"
          ? round?.startDate
          : round?._id === p.roundId && round?.kind === "submission"
            ? round.endDate
            : undefined;
    if (moment !== p.moment) {
      // Moved without the job being moved: move it now (this run then ends without sending).
      await syncEventReminders(deps.db, deps.clock, event);
      return;
    }
    const sent = await deps.db.transaction().execute(async (trx) => {
      // Writing first takes the write lock up front: SQLite then waits for it here rather than
      // failing later on a stale read, and PostgreSQL holds a second run of this job back.
      await trx
        .updateTable("jobs")
        .set({ attempts: sql<number>`${sql.ref("attempts")}` })
        .where("id", "=", job.id)
        .execute();
      const recipients =
        p.kind === "deadline"
          ? [
              ...(await saversNotRegistered(trx, event.id)),
              ...(await incompleteTeamMembers(trx, event.id)),
            ]
          : p.kind === "submission"
            ? await submittersDue(trx, event, all, p.index ?? 0)
            : await registrantsInRunning(
                trx,
                event.id,
                p.index ?? 0,
                all.flatMap((r, i) => (r.isEliminatorRound === "true" ? [i] : [])),
              );
      const fresh = await claimRecipients(trx, deps.clock, event.id, p, recipients);
      if (!fresh.length) return 0;
      const tokens = await unsubscribeTokens(trx, fresh);
      const eventLink = `${deps.config.appUrl}/event/${event.eventNumber}`;
      const mails: Mail[] = fresh.map((r) => {
        const links = {
          event: eventLink,
          unsubscribe: unsubscribeUrl(deps.config.appUrl, tokens.get(r.id)!),
        };
        const endDate = event.endDate!;
        if (p.kind === "submission")
          return submissionReminderMail(
            r,
            event,
            { title: round?.title ?? "Your round", endDate: moment! },
            links,
          );
        if (p.kind === "round")
          return roundReminderMail(
            r,
            event,
            { title: round?.title ?? "Your round", startDate: moment! },
            links,
          );
        if (r.needs) return incompleteTeamReminderMail(r, { ...event, endDate }, r.needs, links);
        return deadlineReminderMail(r, { ...event, endDate }, links);
      });
      await deps.mail.queue(trx, mails);
      return mails.length;
    });
    if (sent) deps.mail.poke();
  };
}

/** The ledger's kind: a submission round's reminder is its own, whatever else ends then. */
function ledgerKind(p: ReminderPayload): string {
  return p.kind === "submission" ? `submission:${p.roundId}` : p.kind;
}

/**
 * Writes the ledger row of each recipient and answers those whose row is new: anyone already
 * reminded of this event, kind and moment (by an earlier run, or another worker) drops out.
 */
async function claimRecipients(
  trx: Transaction<Database>,
  clock: Clock,
  eventId: number,
  p: ReminderPayload,
  recipients: Recipient[],
): Promise<Recipient[]> {
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const fresh: Recipient[] = [];
  const ids = [...byId.keys()];
  const createdAt = clock.now().toISOString();
  for (let i = 0; i < ids.length; i += 200) {
    const rows = await trx
      .insertInto("reminderSends")
      .values(
        ids
          .slice(i, i + 200)
          .map((userId) => ({ userId, eventId, kind: ledgerKind(p), moment: p.moment, createdAt })),
      )
      .onConflict((oc) => oc.columns(["userId", "eventId", "kind", "moment"]).doNothing())
      .returning("userId")
      .execute();
    for (const r of rows) fresh.push(byId.get(r.userId)!);
  }
  return fresh;
}
