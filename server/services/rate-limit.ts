import { sql } from "kysely";
import type { Deps } from "#server/deps";
import { tooManyRequests } from "#server/lib/errors";

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
  if (row.count > limit) {
    const retryMs = new Date(row.windowStart).getTime() + windowMs - now.getTime();
    throw tooManyRequests(retryMs / 1000);
  }
}
