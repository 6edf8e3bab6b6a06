/**
 * The followers' daily digest (SPEC-4 §4; decision 036). One job per India day, key
 * `orgs-digest:{day}`, due at that day's DIGEST_TIME and skipped (never run late) past it plus
 * GRACE: a day the server was down is not sent late. Each follower with `emailFollowing` on gets
 * one mail listing what their organisations published in the 24 hours before, never an empty one;
 * a `digestSends` row (person, day) is written in the transaction that queues the mail, so its key
 * makes the mail go exactly once whatever the number of processes or runs.
 */
import { formatDateTimeIST, istDay } from "#server/contracts/dates";
import type { JobRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import type { Clock } from "#server/lib/clock";
import type { Db } from "#server/db/connect";
import { scheduleJob } from "#server/jobs/jobs";
import { type DigestEvent, digestMail } from "#server/mail/org-mails";
import { unsubscribeTokens } from "#server/services/saves/personal-links";

export const DIGEST_JOB = "orgs.digest";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IST_OFFSET_MS = 5.5 * HOUR;
/** How late a digest may still go (a restart, a busy worker); later, the day is skipped. */
export const DIGEST_GRACE_MS = 2 * HOUR;
/** People per transaction: their rows, tokens and mails. */
const BATCH = 500;

/** The instant of `day`'s (India) digest at `time` (HH:MM India time). */
export function digestMoment(day: string, time: string): Date {
  const [h, m] = time.split(":").map(Number);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + (h! * 60 + m!) * 60_000 - IST_OFFSET_MS);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY).toISOString().slice(0, 10);
}

async function scheduleDay(db: Db, clock: Clock, day: string, time: string): Promise<void> {
  const runAt = digestMoment(day, time);
  await scheduleJob(db, clock, {
    kind: DIGEST_JOB,
    key: `orgs-digest:${day}`,
    runAt: runAt.toISOString(),
    notAfter: new Date(runAt.getTime() + DIGEST_GRACE_MS).toISOString(),
    payload: { day },
  });
}

/**
 * On start (every process; scheduling the same job twice changes nothing): today's digest if its
 * moment plus grace is still ahead, and tomorrow's. A day whose moment passed while the server
 * was down is never scheduled, so it is never sent late.
 */
export async function scheduleDigests(deps: Pick<Deps, "db" | "clock" | "config">): Promise<void> {
  const now = deps.clock.now();
  const today = istDay(now);
  const time = deps.config.digestTime;
  if (digestMoment(today, time).getTime() + DIGEST_GRACE_MS > now.getTime())
    await scheduleDay(deps.db, deps.clock, today, time);
  await scheduleDay(deps.db, deps.clock, nextDay(today), time);
}

interface Follower {
  id: string;
  email: string;
  firstName: string;
  unsubscribeToken: string | null;
  orgIds: Set<number>;
}

/** Runs `day`'s digest: queues the mails not queued yet; answers how many it queued. */
export async function sendDigest(
  deps: Pick<Deps, "db" | "clock" | "config" | "mail">,
  day: string,
): Promise<number> {
  const to = digestMoment(day, deps.config.digestTime);
  const from = new Date(to.getTime() - DAY);
  const events = await deps.db
    .selectFrom("events as e")
    .innerJoin("organisations as o", "o.id", "e.orgId")
    .select(["e.orgId", "e.eventNumber", "e.eventName", "e.endDate", "o.name as orgName"])
    .where("e.status", "=", "active")
    .where("e.publishedAt", ">=", from.toISOString())
    .where("e.publishedAt", "<", to.toISOString())
    .orderBy("e.publishedAt")
    .orderBy("e.eventNumber")
    .execute();
  if (!events.length) return 0;
  const byOrg = new Map<number, DigestEvent[]>();
  for (const { orgId, ...e } of events) byOrg.set(orgId!, [...(byOrg.get(orgId!) ?? []), e]);
  const followers = new Map<string, Follower>();
  const orgIds = [...byOrg.keys()];
  for (let i = 0; i < orgIds.length; i += BATCH) {
    const rows = await deps.db
      .selectFrom("orgFollows as f")
      .innerJoin("users as u", "u.id", "f.userId")
      .select(["f.orgId", "u.id", "u.email", "u.firstName", "u.unsubscribeToken"])
      .where("f.orgId", "in", orgIds.slice(i, i + BATCH))
      .where("u.emailFollowing", "=", 1)
      .execute();
    for (const { orgId, ...u } of rows) {
      const f = followers.get(u.id) ?? { ...u, orgIds: new Set<number>() };
      f.orgIds.add(orgId);
      followers.set(u.id, f);
    }
  }
  const people = [...followers.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const sentAt = deps.clock.now().toISOString();
  let queued = 0;
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    queued += await deps.db.transaction().execute(async (trx) => {
      // The key (person, day) decides: only those whose row is new here get a mail.
      const fresh = await trx
        .insertInto("digestSends")
        .values(batch.map((p) => ({ userId: p.id, day, sentAt })))
        .onConflict((oc) => oc.columns(["userId", "day"]).doNothing())
        .returning("userId")
        .execute();
      if (!fresh.length) return 0;
      const ids = new Set(fresh.map((r) => r.userId));
      const mine = batch.filter((p) => ids.has(p.id));
      const tokens = await unsubscribeTokens(trx, mine);
      const mails = mine.map((p) =>
        digestMail(
          deps.config.appUrl,
          p,
          [...p.orgIds].flatMap((id) => byOrg.get(id) ?? []),
          `${deps.config.appUrl}/unsubscribe/${tokens.get(p.id)}?list=following`,
          formatDateTimeIST,
        ),
      );
      await deps.mail.queue(trx, mails);
      return mails.length;
    });
  }
  return queued;
}

export function digestJobHandler(deps: Pick<Deps, "db" | "clock" | "config" | "mail">) {
  return async (job: JobRow) => {
    const { day } = JSON.parse(job.payload) as { day: string };
    const sent = await sendDigest(deps, day);
    // The next day's, whatever happened to this one.
    await scheduleDay(deps.db, deps.clock, nextDay(day), deps.config.digestTime);
    if (sent) deps.mail.poke();
  };
}
