import { randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { istDay } from "#server/contracts/dates";
import type { Db } from "#server/db/connect";
import type { Clock } from "#server/lib/clock";
import {
  AGENT_SLOTS,
  agentHashState,
  agentSlot,
  createVisitorSet,
  visitorNumberFrom,
} from "./visitor-hash";
import { type PendingView, writeViews } from "./view-store";

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
  /** Stops counting (record() does nothing) or starts again; answers whether it is now paused. */
  togglePaused(): boolean;
}

interface KnownAgent {
  userAgent: string;
  bot: boolean;
  /** The agent's hash state under the day's seeds (agentHashState). */
  state: [number, number];
}

/**
 * Views of event pages for insights, without a cookie: one view per visitor, event and India day,
 * whichever process serves the visitor and across restarts; bots (isbot) are not counted. Here, in
 * memory, a keyed hash of the address and user agent (seeds made at random by this process for the
 * day, never stored) drops a process's own repeats at a fraction of a microsecond; the new visitors
 * wait for `writeViews`, whose key in the database drops those another process (or this one before
 * a restart) already wrote. At the first view of a new India day the seeds are replaced and the
 * day's hashes forgotten, so nobody can be followed from one day to the next.
 */
export function createViewCounter(options: {
  db: Db;
  clock: Clock;
  intervalMs?: number;
  /** Flush early once this many views wait. */
  batchSize?: number;
  /** Visitors remembered per day; past it views are still counted, without dedupe. */
  maxVisitors?: number;
}): ViewCounter {
  const { db, clock } = options;
  const batchSize = options.batchSize ?? 2000;
  const maxVisitors = options.maxVisitors ?? 500_000;
  let day = "";
  let seeds: [number, number] = [0, 0];
  let seen = createVisitorSet();
  /** New visitors not yet written, by India day. */
  let pendingViews = new Map<string, PendingView[]>();
  let waiting = 0; // views in `pendingViews`
  let timer: ReturnType<typeof setInterval> | null = null;
  let flushing: Promise<void> | null = null;
  let paused = false;

  // A kept page costs 25–75 µs of CPU a hit, so counting its view must cost under one. Visitors
  // share a few hundred user agents, and both isbot's pattern and hashing the agent's ~130
  // characters are the dearest parts: each agent's verdict and its hash state under the day's seeds
  // are kept (forgotten wholesale past 5,000 agents, and at each new day with the seeds), so a view
  // hashes only the address and the event number on top.
  let agents = new Map<string, KnownAgent>();
  // A user-agent header is a new string on every request, so a Map lookup hashes all its
  // characters each time (~190 ns, half of a view's cost); a slot picked by about 20 of them, whose
  // agent is then compared whole, finds it for ~30. Agents sharing a slot take turns through the Map.
  let agentSlots: (KnownAgent | undefined)[] = new Array(AGENT_SLOTS);

  function rotate(today: string) {
    day = today;
    const random = randomBytes(8);
    seeds = [random.readUInt32LE(0), random.readUInt32LE(4)];
    seen = createVisitorSet();
    agents = new Map();
    agentSlots = new Array(AGENT_SLOTS);
  }

  function agent(userAgent: string): KnownAgent {
    const slot = agentSlot(userAgent);
    const inSlot = agentSlots[slot];
    if (inSlot !== undefined && inSlot.userAgent === userAgent) return inSlot;
    let known = agents.get(userAgent);
    if (known === undefined) {
      if (agents.size >= 5_000) agents = new Map();
      known = {
        userAgent,
        bot: isbot(userAgent),
        state: agentHashState(userAgent, seeds[0], seeds[1]),
      };
      agents.set(userAgent, known);
    }
    agentSlots[slot] = known;
    return known;
  }

  // Once started (as the server's is), the India day is read when a one-second timer says so:
  // reading the clock costs a view a fifth of its time. Before that, every view reads it.
  let dayTimer: ReturnType<typeof setInterval> | null = null;
  let dayDue = true;
  function currentDay(): string {
    if (dayTimer !== null && !dayDue) return day;
    dayDue = false;
    const today = istDay(clock.now());
    if (today !== day) rotate(today);
    return day;
  }

  function add(into: Map<string, PendingView[]>, viewDay: string, view: PendingView) {
    let views = into.get(viewDay);
    if (!views) {
      views = [];
      into.set(viewDay, views);
    }
    views.push(view);
    waiting++;
  }

  async function flush(): Promise<void> {
    if (flushing) await flushing;
    if (waiting === 0) return;
    const batch = pendingViews;
    pendingViews = new Map();
    waiting = 0;
    flushing = writeViews(db, batch, clock.now())
      .catch((err) => {
        // Kept for the next flush, with whatever arrived meanwhile.
        for (const [viewDay, views] of batch) for (const v of views) add(pendingViews, viewDay, v);
        throw err;
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  return {
    record({ eventNumber, ip, userAgent }) {
      if (paused || !userAgent) return;
      const today = currentDay();
      const known = agent(userAgent);
      if (known.bot) return;
      const visitor = visitorNumberFrom(known.state, ip, eventNumber);
      // Past maxVisitors the day's set stops growing: a new visitor still counts, undeduped.
      const repeat = seen.size < maxVisitors ? !seen.add(visitor) : seen.has(visitor);
      if (repeat) return;
      add(pendingViews, today, { eventNumber, ip, userAgent: known.userAgent });
      if (waiting >= batchSize) void flush().catch(() => {});
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush().catch(() => {}), options.intervalMs ?? 10_000);
      timer.unref();
      dayTimer = setInterval(() => {
        dayDue = true;
      }, 1000);
      dayTimer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (dayTimer) clearInterval(dayTimer);
      timer = null;
      dayTimer = null;
      dayDue = true;
      await flush();
    },
    pending: () => waiting,
    togglePaused: () => {
      paused = !paused;
      return paused;
    },
  };
}
