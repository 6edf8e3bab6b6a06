import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { sql } from "kysely";
import { istDay } from "#server/contracts/dates";
import type { Db } from "#server/db/connect";
import type { Clock } from "#server/lib/clock";

export interface PageView {
  eventNumber: string;
  ip: string;
  userAgent: string | null | undefined;
}

export interface ViewCounter {
  /** Counts a view in memory: cheap and synchronous, so the page never waits for it. */
  record(view: PageView): void;
  /** Writes the counted views to the database; on failure they stay in memory for the next try. */
  flush(): Promise<void>;
  /** Flushes every `intervalMs` until stopped. */
  start(): void;
  /** Stops the timer and writes what is left (a clean shutdown loses nothing). */
  stop(): Promise<void>;
  /** Views counted and not yet written. */
  pending(): number;
}

/**
 * Views of event pages for insights, without a cookie: a visitor is the hash of the address and
 * user agent with a salt made at random for the day and kept only in memory. At the first view of
 * a new India day the salt is replaced and the day's hashes forgotten, so nobody can be followed
 * from one day to the next. One view per visitor, event and day; bots (isbot) are not counted.
 */
export function createViewCounter(options: {
  db: Db;
  clock: Clock;
  intervalMs?: number;
  /** Flush early once this many (event, day) counts wait. */
  batchSize?: number;
  /** Visitors remembered per day; past it views are still counted, without dedupe. */
  maxVisitors?: number;
}): ViewCounter {
  const { db, clock } = options;
  const batchSize = options.batchSize ?? 500;
  const maxVisitors = options.maxVisitors ?? 500_000;
  let day = "";
  let salt = Buffer.alloc(0);
  let seen = new Set<string>();
  let counts = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let flushing: Promise<void> | null = null;

  function rotate(today: string) {
    day = today;
    salt = randomBytes(32);
    seen = new Set();
  }

  async function write(batch: Map<string, number>) {
    await db.transaction().execute(async (trx) => {
      for (const [key, views] of batch) {
        const [eventNumber, viewDay] = key.split("\n");
        await trx
          .insertInto("eventViews")
          .columns(["eventId", "day", "views"])
          .expression(
            trx
              .selectFrom("events")
              .select([
                "id as eventId",
                sql<string>`${viewDay}`.as("day"),
                sql<number>`${views}`.as("views"),
              ])
              .where("eventNumber", "=", eventNumber),
          )
          .onConflict((oc) =>
            oc.columns(["eventId", "day"]).doUpdateSet({
              views: sql<number>`${sql.ref("eventViews.views")} + ${sql.ref("excluded.views")}`,
            }),
          )
          .execute();
      }
    });
  }

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    flushing = write(batch)
      .catch((err) => {
        // Kept for the next flush: merged back with whatever arrived meanwhile.
        for (const [k, n] of batch) counts.set(k, (counts.get(k) ?? 0) + n);
        throw err;
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  // A kept page costs ~75 µs of CPU a hit, so counting its view must cost a few. Visitors share a
  // few hundred user agents, and isbot's pattern is the dearest part: its verdict is kept per user
  // agent (forgotten wholesale past 5,000). The India day is read again once a second at most.
  let botVerdicts = new Map<string, boolean>();
  function isBot(userAgent: string): boolean {
    let verdict = botVerdicts.get(userAgent);
    if (verdict === undefined) {
      if (botVerdicts.size >= 5_000) botVerdicts = new Map();
      verdict = isbot(userAgent);
      botVerdicts.set(userAgent, verdict);
    }
    return verdict;
  }
  let dayReadAt = Number.NEGATIVE_INFINITY;
  function currentDay(): string {
    const now = clock.now();
    if (Math.abs(now.getTime() - dayReadAt) >= 1000) {
      dayReadAt = now.getTime();
      const today = istDay(now);
      if (today !== day) rotate(today);
    }
    return day;
  }

  return {
    record({ eventNumber, ip, userAgent }) {
      if (!userAgent || isBot(userAgent)) return;
      const today = currentDay();
      const visitor = createHash("sha256")
        .update(salt)
        .update(`${ip}\n${userAgent}\n${eventNumber}`)
        .digest("base64url")
        .slice(0, 22);
      if (seen.has(visitor)) return;
      if (seen.size < maxVisitors) seen.add(visitor);
      const key = `${eventNumber}\n${today}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (counts.size >= batchSize) void flush().catch(() => {});
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush().catch(() => {}), options.intervalMs ?? 10_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
    pending: () => [...counts.values()].reduce((a, b) => a + b, 0),
  };
}
