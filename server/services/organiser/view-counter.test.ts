import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { connectDb } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { fixedClock } from "#server/lib/clock";
import { createViewCounter } from "./view-counter";
import {
  agentHashState,
  agentSlot,
  createVisitorSet,
  visitorNumber,
  visitorNumberFrom,
} from "./visitor-hash";

const CHROME =
  "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const counterAt = (iso: string) => {
  const clock = fixedClock(iso);
  // Never flushed here (no tables): these tests read what waits in memory.
  return { clock, counter: createViewCounter({ db: connectDb({}), clock, batchSize: 1e9 }) };
};

describe("createViewCounter", () => {
  it("keeps each user agent's bot verdict: a bot stays uncounted, people on new addresses count", () => {
    const { counter } = counterAt("2026-11-25T10:00:00Z");
    for (let i = 1; i <= 3; i++) {
      counter.record({ eventNumber: "10000", ip: `66.249.66.${i}`, userAgent: GOOGLEBOT });
      counter.record({ eventNumber: "10000", ip: `198.51.100.${i}`, userAgent: CHROME });
    }
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME }); // seen today
    expect(counter.pending()).toBe(3);
  });

  it("still judges every user agent after forgetting the verdicts (past 5,000 agents)", () => {
    const { counter } = counterAt("2026-11-25T10:00:00Z");
    for (let i = 0; i < 5_100; i++)
      counter.record({ eventNumber: "10000", ip: "10.0.0.1", userAgent: `${CHROME} v${i}` });
    counter.record({ eventNumber: "10000", ip: "10.0.0.2", userAgent: GOOGLEBOT });
    counter.record({ eventNumber: "10000", ip: "10.0.0.3", userAgent: GOOGLEBOT });
    expect(counter.pending()).toBe(5_100);
  });

  it("still knows a visitor after the agents' kept hash states are forgotten (past 5,000 agents)", () => {
    const { counter } = counterAt("2026-11-25T10:00:00Z");
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
    for (let i = 0; i < 5_000; i++)
      counter.record({ eventNumber: "10000", ip: "10.0.0.1", userAgent: `${CHROME} v${i}` });
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME }); // seen today
    counter.record({ eventNumber: "10001", ip: "198.51.100.1", userAgent: CHROME }); // another event
    expect(counter.pending()).toBe(5_002);
  });

  it("counts a visitor again on the next India day, even a second after the last view", async () => {
    const { clock, counter } = counterAt("2026-11-25T18:29:59.500Z"); // 23:59:59.5 in India
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
    clock.advance(1000); // 00:00:00.5 the next day
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
    expect(counter.pending()).toBe(2);
  });

  it("once started, reads the clock only when its one-second timer says so, and still turns the day", async () => {
    vi.useFakeTimers();
    try {
      const clock = fixedClock("2026-11-25T18:29:59.500Z"); // 23:59:59.5 in India
      let reads = 0;
      const counted = {
        now: () => {
          reads++;
          return clock.now();
        },
      };
      const db = connectDb({});
      await migrateToLatest(db);
      const counter = createViewCounter({ db, clock: counted });
      counter.start();
      for (let i = 1; i <= 100; i++)
        counter.record({ eventNumber: "10000", ip: `198.51.100.${i}`, userAgent: CHROME });
      expect(reads).toBe(1);
      clock.advance(1000); // 00:00:00.5 the next day: nothing reads it before the timer
      counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
      expect(counter.pending()).toBe(100);
      vi.advanceTimersByTime(1000);
      counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
      expect(reads).toBe(2);
      expect(counter.pending()).toBe(101); // a new day: the same visitor counts again
      await counter.stop();
      expect(counter.pending()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("finds user agents that share a slot, each with its own verdict", () => {
    const { counter } = counterAt("2026-11-25T10:00:00Z");
    // A person's agent that lands in Googlebot's slot (1,024 slots: found within a few thousand).
    let person = "";
    for (let i = 0; !person; i++)
      if (agentSlot(`${CHROME} v${i}`) === agentSlot(GOOGLEBOT)) person = `${CHROME} v${i}`;
    for (let i = 1; i <= 3; i++) {
      counter.record({ eventNumber: "10000", ip: `10.0.0.${i}`, userAgent: GOOGLEBOT });
      counter.record({ eventNumber: "10000", ip: `10.0.0.${i}`, userAgent: person });
    }
    counter.record({ eventNumber: "10000", ip: "10.0.0.1", userAgent: person }); // seen today
    expect(counter.pending()).toBe(3); // the person once per address; the bot never
  });

  it("counts nothing while paused, and counts again once resumed", () => {
    const { counter } = counterAt("2026-11-25T10:00:00Z");
    expect(counter.togglePaused()).toBe(true);
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
    expect(counter.pending()).toBe(0);
    expect(counter.togglePaused()).toBe(false);
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
    expect(counter.pending()).toBe(1);
  });
});

describe("createVisitorSet", () => {
  it("holds every number added through its growth, and no other", () => {
    const set = createVisitorSet(4);
    const added: number[] = [];
    // Numbers as visitors get them (52 bits of SHA-256), and neighbours that share a slot.
    for (let i = 0; i < 20_000; i++)
      added.push(
        Number.parseInt(createHash("sha256").update(String(i)).digest("hex").slice(0, 13), 16),
      );
    for (let i = 1; i <= 64; i++) added.push(i * 2 ** 16);
    // Numbers equal in their low 32 bits (the slot) and different above.
    for (let i = 1; i <= 64; i++) added.push(i * 2 ** 32 + 5);
    for (const n of added) set.add(n);
    for (const n of added) set.add(n); // again: nothing new
    expect(set.size).toBe(new Set(added).size);
    expect(added.every((n) => set.has(n))).toBe(true);
    expect(set.has(2 ** 52 - 1)).toBe(false);
    expect(set.has(12345)).toBe(false);
  });

  it("keeps a visitor numbered 0 (0 marks an empty slot)", () => {
    const set = createVisitorSet(4);
    expect(set.has(0)).toBe(false);
    set.add(0);
    expect(set.has(0)).toBe(true);
    expect(set.size).toBe(1);
  });
});

describe("visitorNumber", () => {
  it("is the same for the same visitor and seeds, another with other seeds, 53 bits, no clashes in 200,000", () => {
    const text = "198.51.100.7\nMozilla/5.0 Chrome/124.0\n10000";
    expect(visitorNumber(text, 1, 2)).toBe(visitorNumber(text, 1, 2));
    expect(visitorNumber(text, 1, 3)).not.toBe(visitorNumber(text, 1, 2));
    expect(visitorNumber(text, 4, 2)).not.toBe(visitorNumber(text, 1, 2));
    const numbers = new Set<number>();
    let inRange = true;
    for (let i = 0; i < 200_000; i++) {
      const n = visitorNumber(
        `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}\nUA v${i % 50}\n10000`,
        7,
        9,
      );
      inRange &&= Number.isSafeInteger(n) && n >= 0;
      numbers.add(n);
    }
    expect(inRange).toBe(true);
    expect(numbers.size).toBe(200_000);
  });

  it("is what a view computes from its agent's kept hash state", () => {
    for (const [ua, ip, event] of [
      [CHROME, "198.51.100.7", "10000"],
      [GOOGLEBOT, "2001:db8::1", "123456789"],
      ["x", "", "1"],
    ] as const) {
      const state = agentHashState(ua, 11, 13);
      expect(visitorNumberFrom(state, ip, event)).toBe(
        visitorNumber(`${ua}\n${ip}\n${event}`, 11, 13),
      );
      // The kept state is not changed by a view.
      expect(visitorNumberFrom(state, ip, event)).toBe(
        visitorNumber(`${ua}\n${ip}\n${event}`, 11, 13),
      );
    }
    expect(visitorNumberFrom(agentHashState(CHROME, 11, 13), "198.51.100.7", "10000")).not.toBe(
      visitorNumberFrom(agentHashState(CHROME, 11, 14), "198.51.100.7", "10000"),
    );
  });
});
