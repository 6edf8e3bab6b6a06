import type { Deps } from "#server/lib/deps";
import { conflict, tooManyRequests } from "#server/lib/errors";

const HOUR = 3_600_000;

/**
 * Event numbers are claimed by saving step 1, so they could be claimed in bulk (165 drafts in a
 * few seconds). A person hosts a handful of events at a time: at most 20 unfinished drafts, and
 * at most 10 new ones an hour. Off with the other rate limits (RATE_LIMIT=off, for tests).
 */
export const DRAFT_LIMITS = { open: 20, perHour: 10 } as const;

export const TOO_MANY_DRAFTS = `You already have ${DRAFT_LIMITS.open} unfinished events. Publish one of them before starting another.`;

export async function checkDraftQuota(
  deps: Pick<Deps, "db" | "clock" | "config">,
  userId: string,
): Promise<void> {
  if (!deps.config.rateLimit) return;
  const { open } = await deps.db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<number>().as("open"))
    .where("madeBy", "=", userId)
    .where("status", "=", "draft")
    .executeTakeFirstOrThrow();
  if (Number(open) >= DRAFT_LIMITS.open) throw conflict(TOO_MANY_DRAFTS);
  const now = deps.clock.now().getTime();
  const recent = await deps.db
    .selectFrom("events")
    .select("createdAt")
    .where("madeBy", "=", userId)
    .where("createdAt", ">", new Date(now - HOUR).toISOString())
    .orderBy("createdAt")
    .execute();
  if (recent.length >= DRAFT_LIMITS.perHour) {
    // Free again when the oldest of them is an hour old.
    const retryMs = new Date(recent[0].createdAt).getTime() + HOUR - now;
    throw tooManyRequests(
      retryMs / 1000,
      `You have started ${DRAFT_LIMITS.perHour} events in the last hour. Please try again in ${Math.max(1, Math.ceil(retryMs / 60_000))} minute(s).`,
    );
  }
}
