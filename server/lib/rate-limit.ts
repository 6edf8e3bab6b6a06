import { sql } from "kysely";
import type { Deps } from "#server/lib/deps";
import { tooManyRequests } from "./errors";

/**
 * Fixed-window counter in the database, so limits hold across processes.
 * Throws a 429 ApiError (with Retry-After) once `limit` hits in `windowMs` is passed.
 */
export async function hitRateLimit(
  deps: Pick<Deps, "db" | "clock" | "config">,
  key: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  if (!deps.config.rateLimit) return;
  const { count, retryMs } = await countHit(deps, key, windowMs);
  if (count > limit) throw tooManyRequests(retryMs / 1000);
}

/** Counts one hit in the key's current window; answers the count and when the window ends. */
export async function countHit(
  deps: Pick<Deps, "db" | "clock">,
  key: string,
  windowMs: number,
): Promise<{ count: number; retryMs: number }> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const row = await deps.db
    .insertInto("rateLimits")
    .values({ key, windowStart: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when ${sql.ref("rateLimits.windowStart")} < ${cutoff} then 1 else ${sql.ref("rateLimits.count")} + 1 end`,
        windowStart: sql`case when ${sql.ref("rateLimits.windowStart")} < ${cutoff} then ${nowIso} else ${sql.ref("rateLimits.windowStart")} end`,
      }),
    )
    .returning(["count", "windowStart"])
    .executeTakeFirstOrThrow();
  return {
    count: row.count,
    retryMs: new Date(row.windowStart).getTime() + windowMs - now.getTime(),
  };
}

/** The key's hits in its current window, without counting one (0 once the window is over). */
export async function peekHits(
  deps: Pick<Deps, "db" | "clock">,
  key: string,
  windowMs: number,
): Promise<{ count: number; retryMs: number }> {
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom("rateLimits")
    .select(["count", "windowStart"])
    .where("key", "=", key)
    .executeTakeFirst();
  const retryMs = row ? new Date(row.windowStart).getTime() + windowMs - now.getTime() : 0;
  return retryMs > 0 ? { count: row!.count, retryMs } : { count: 0, retryMs: 0 };
}
