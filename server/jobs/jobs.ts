import type { Kysely, Transaction } from "kysely";
import type { Database, JobRow } from "#server/db/schema";
import type { Clock } from "#server/lib/clock";
import { backoffMs, claimDue } from "./queue";

type Db = Kysely<Database> | Transaction<Database>;

export interface JobSpec {
  kind: string;
  /** Names the job: scheduling the same key again moves it (and runs it again if it had run). */
  key: string;
  runAt: string;
  /** Past this instant the job is skipped instead of run late (a reminder whose moment passed). */
  notAfter?: string | null;
  payload: unknown;
}

/**
 * Schedules a job, or moves the job of that key. A job scheduled again with the same moment and
 * payload is left as it is (done or not); with a new one it is pending again, and a worker that
 * holds it from before cannot mark it done (its claim mark is cleared).
 */
export async function scheduleJob(db: Db, clock: Clock, job: JobSpec): Promise<void> {
  const row = jobRow(clock, job);
  const { payload, notAfter } = row;
  await db
    .insertInto("jobs")
    .values(row)
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          kind: job.kind,
          payload,
          nextAttemptAt: job.runAt,
          notAfter,
          attempts: 0,
          lockedUntil: null,
          doneAt: null,
          lastError: null,
        })
        .where((eb) =>
          eb.or([
            eb("jobs.payload", "!=", payload),
            eb("jobs.nextAttemptAt", "!=", job.runAt),
            // A job that failed for good (or was skipped) under an old plan is tried again.
            eb("jobs.lastError", "is not", null),
          ]),
        ),
    )
    .execute();
}

/** A new job's row, as `scheduleJob` inserts it (also for a statement that inserts it itself). */
export function jobRow(clock: Clock, job: JobSpec) {
  return {
    kind: job.kind,
    key: job.key,
    payload: JSON.stringify(job.payload),
    nextAttemptAt: job.runAt,
    notAfter: job.notAfter ?? null,
    lockedUntil: null,
    doneAt: null,
    lastError: null,
    createdAt: clock.now().toISOString(),
  };
}

/** Removes the pending jobs whose key starts with `prefix` and is not in `keep`. */
export async function cancelJobs(db: Db, prefix: string, keep: string[] = []): Promise<void> {
  let del = db.deleteFrom("jobs").where("key", "like", `${prefix}%`).where("doneAt", "is", null);
  if (keep.length) del = del.where("key", "not in", keep);
  await del.execute();
}

/** What a job does; it throws to be retried with backoff. */
export type JobHandler = (job: JobRow) => Promise<void>;

const MAX_ATTEMPTS = 8;

/**
 * Claims and runs one due job; answers false when none is due. A job past its `notAfter` is
 * skipped (never run late). Finishing is guarded by the claim's mark, so a job moved while it
 * ran stays pending for its new moment.
 */
export async function runOneJob(
  db: Kysely<Database>,
  clock: Clock,
  handlers: Record<string, JobHandler>,
): Promise<boolean> {
  const job = await claimDue(db, clock, "jobs");
  if (!job) return false;
  const finish = (changes: { doneAt?: string | null; lastError?: string | null } & object) =>
    db
      .updateTable("jobs")
      .set({ lockedUntil: null, ...changes })
      .where("id", "=", job.id)
      .where("lockedUntil", "=", job.lockedUntil)
      .execute();
  const now = clock.now().toISOString();
  if (job.notAfter && job.notAfter < now) {
    await finish({ doneAt: now, lastError: "skipped: its moment passed" });
    return true;
  }
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler(job);
    await finish({ doneAt: clock.now().toISOString(), lastError: null });
  } catch (err) {
    const attempts = job.attempts + 1;
    const message = String((err as Error)?.message ?? err).slice(0, 500);
    await db
      .updateTable("jobs")
      .set({
        attempts,
        lockedUntil: null,
        lastError: message,
        // After MAX_ATTEMPTS it stays as a record of the failure instead of running forever.
        ...(attempts >= MAX_ATTEMPTS
          ? { doneAt: clock.now().toISOString() }
          : { nextAttemptAt: new Date(clock.now().getTime() + backoffMs(attempts)).toISOString() }),
      })
      .where("id", "=", job.id)
      .where("lockedUntil", "=", job.lockedUntil)
      .execute();
  }
  return true;
}
