import { randomBytes } from "node:crypto";
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
  /** Stops counting (record() does nothing) or starts again; answers whether it is now paused. */
  togglePaused(): boolean;
}

/**
 * A visitor's number: a 53-bit hash of the text keyed by the day's two random 32-bit seeds
 * (cyrb53's mixing, done in JavaScript). Neither the numbers nor the seeds ever leave this
 * process's memory and both are replaced at the first view of a new day, so a keyed hash is all
 * the salting needs; SHA-256 through `crypto.hash` cost ~0.9 µs a view alone and, measured in a
 * loaded server with counting on and off, about ten times that.
 */
export function visitorNumber(text: string, seedA: number, seedB: number): number {
  const state = mixText(text, [seedA, seedB]);
  return finishMix(state[0], state[1]);
}

/** Mixes `text` into a hash state (cyrb53's step per character); `state` is updated and returned. */
function mixText(text: string, state: [number, number]): [number, number] {
  let h1 = state[0];
  let h2 = state[1];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  state[0] = h1;
  state[1] = h2;
  return state;
}

/** The hash state after a user agent and its separator: kept per agent, so a view mixes less. */
export function agentHashState(userAgent: string, seedA: number, seedB: number): [number, number] {
  return mixText("\n", mixText(userAgent, [seedA, seedB]));
}

const viewState: [number, number] = [0, 0]; // reused: record() allocates nothing for the hash
/** visitorNumber(`${userAgent}\n${ip}\n${eventNumber}`) from the agent's kept hash state. */
export function visitorNumberFrom(agentState: [number, number], ip: string, eventNumber: string) {
  viewState[0] = agentState[0];
  viewState[1] = agentState[1];
  mixText(eventNumber, mixText("\n", mixText(ip, viewState)));
  return finishMix(viewState[0], viewState[1]);
}

function finishMix(a: number, b: number): number {
  let h1 = a;
  let h2 = b;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

interface KnownAgent {
  userAgent: string;
  bot: boolean;
  /** The agent's hash state under the day's seeds (agentHashState). */
  state: [number, number];
}

const AGENT_SLOTS = 1024;

/**
 * A slot for a user agent from its length and about 20 of its characters: the last four, then one
 * in every sixteenth of the rest (agents differ in versions and device names, anywhere in them).
 */
export function agentSlot(userAgent: string): number {
  const n = userAgent.length;
  let h = n;
  let i = n - 1;
  for (; i >= n - 4 && i >= 0; i--) h = Math.imul(h ^ userAgent.charCodeAt(i), 0x9e3779b1);
  for (const step = n >> 4 || 1; i >= 0; i -= step)
    h = Math.imul(h ^ userAgent.charCodeAt(i), 0x9e3779b1);
  return h >>> 22; // the top 10 bits: 0 … AGENT_SLOTS − 1
}

/**
 * The day's visitors, as their numbers in an open-addressing table (linear probing, doubled past
 * half full). No object per visitor: a Set of hash strings kept ~100 bytes of heap for each, and
 * at thousands of new visitors a second the GC's walks over that growing heap cost a kept page
 * more than the hashing. Two of 500,000 visitors share a number with odds of about 1 in 70,000.
 */
export function createVisitorSet(slots = 1 << 14) {
  if (slots < 2 || (slots & (slots - 1)) !== 0) throw new Error("slots must be a power of two");
  let table = new Float64Array(slots);
  let size = 0;
  // 0 marks an empty slot, so a visitor whose number is 0 is stored as 1. The table's length is a
  // power of two: a slot is the number's low bits (`>>> 0` truncates; `%` on a 53-bit double is a
  // floating-point remainder, several times dearer).
  const slotOf = (t: Float64Array, v: number) => {
    const mask = t.length - 1;
    let j = (v >>> 0) & mask;
    while (t[j] !== 0 && t[j] !== v) j = (j + 1) & mask;
    return j;
  };
  return {
    has: (n: number) => table[slotOf(table, n || 1)] !== 0,
    /** Adds the number; answers false when it was there already (one probe for both). */
    add(n: number): boolean {
      const v = n || 1;
      const j = slotOf(table, v);
      if (table[j] !== 0) return false;
      table[j] = v;
      size++;
      if (size * 2 <= table.length) return true;
      const old = table;
      table = new Float64Array(old.length * 2);
      for (const x of old) if (x !== 0) table[slotOf(table, x)] = x;
      return true;
    },
    get size() {
      return size;
    },
  };
}

/**
 * Views of event pages for insights, without a cookie: a visitor is the hash of the address and
 * user agent keyed by seeds made at random for the day and kept only in memory. At the first view
 * of a new India day the seeds are replaced and the day's hashes forgotten, so nobody can be followed
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
  let seeds: [number, number] = [0, 0];
  let seen = createVisitorSet();
  /** Views not yet written: day → event number → views. */
  let counts = new Map<string, Map<string, number>>();
  let waiting = 0; // (day, event) pairs in `counts`
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

  function add(into: Map<string, Map<string, number>>, viewDay: string, event: string, n: number) {
    let perEvent = into.get(viewDay);
    if (!perEvent) {
      perEvent = new Map();
      into.set(viewDay, perEvent);
    }
    const before = perEvent.get(event);
    perEvent.set(event, (before ?? 0) + n);
    return before === undefined;
  }

  async function write(batch: Map<string, Map<string, number>>) {
    await db.transaction().execute(async (trx) => {
      for (const [viewDay, perEvent] of batch)
        for (const [eventNumber, views] of perEvent) {
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
    if (waiting === 0) return;
    const batch = counts;
    counts = new Map();
    waiting = 0;
    flushing = write(batch)
      .catch((err) => {
        // Kept for the next flush: merged back with whatever arrived meanwhile.
        for (const [viewDay, perEvent] of batch)
          for (const [event, n] of perEvent) if (add(counts, viewDay, event, n)) waiting++;
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
      if (add(counts, today, eventNumber, 1)) waiting++;
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
    pending: () => {
      let n = 0;
      for (const perEvent of counts.values()) for (const v of perEvent.values()) n += v;
      return n;
    },
    togglePaused: () => {
      paused = !paused;
      return paused;
    },
  };
}
