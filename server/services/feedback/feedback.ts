import type { FeedbackInput } from "#server/contracts/feedback";
import type { Deps } from "#server/lib/deps";
import { hitRateLimit } from "#server/lib/rate-limit";

/** Stores one message from a signed-in user; a few per hour is plenty for a person. */
export async function saveFeedback(
  deps: Pick<Deps, "db" | "clock" | "config">,
  userId: string,
  input: FeedbackInput,
): Promise<{ id: number }> {
  await hitRateLimit(deps, `feedback:${userId}`, 10, 60 * 60_000);
  const row = await deps.db
    .insertInto("feedback")
    .values({
      userId,
      message: input.message,
      rating: input.rating ?? null,
      createdAt: deps.clock.now().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}
