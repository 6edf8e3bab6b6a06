import type { Kysely, Selectable } from "kysely";
import { isPostgres } from "#server/db/connect";
import type { Database, JobRow, MailOutboxTable } from "#server/db/schema";
import type { Clock } from "#server/lib/clock";

/**
 * The one claiming mechanism of everything that happens later: the mail outbox (`mailOutbox`,
 * done when `sentAt` is set) and scheduled jobs (`jobs`, done when `doneAt` is set). A row is due
 * when it is not done, its `nextAttemptAt` has come and nobody holds its lock. A claim is an
 * UPDATE guarded by the lock column, so two processes never take the same row; on PostgreSQL
 * the candidate is picked with FOR UPDATE SKIP LOCKED, so they do not queue behind each other.
 */
export const QUEUES = {
  mailOutbox: "sentAt",
  jobs: "doneAt",
} as const;
export type QueueTable = keyof typeof QUEUES;

export const LOCK_MS = 60_000;

/** Waits before the next attempt after `attempts` failures: 30 s doubling, at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** Claims one due row of `table` for LOCK_MS; answers it (its `lockedUntil` marks this claim) or undefined. */
export async function claimDue(
  db: Kysely<Database>,
  clock: Clock,
  table: "mailOutbox",
): Promise<Selectable<MailOutboxTable> | undefined>;
export async function claimDue(
  db: Kysely<Database>,
  clock: Clock,
  table: "jobs",
): Promise<JobRow | undefined>;
export async function claimDue(database: Kysely<Database>, clock: Clock, table: QueueTable) {
  // One query for both tables, which share the queue columns (typed loosely for that reason).
  const db = database as unknown as Kysely<any>;
  const done = QUEUES[table];
  const now = clock.now().toISOString();
  const until = new Date(clock.now().getTime() + LOCK_MS).toISOString();
  const pick = db
    .selectFrom(table)
    .select("id")
    .where(done, "is", null)
    .where("nextAttemptAt", "<=", now)
    .where((eb: any) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", now)]))
    .orderBy("nextAttemptAt")
    .orderBy("id")
    .limit(1);
  const candidate = isPostgres(database) ? pick.forUpdate().skipLocked() : pick;
  return db
    .updateTable(table)
    .set({ lockedUntil: until })
    .where("id", "=", (eb: any) => eb.selectFrom(candidate.as("c")).select("c.id"))
    .where(done, "is", null)
    .where((eb: any) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<", now)]))
    .returningAll()
    .executeTakeFirst();
}
