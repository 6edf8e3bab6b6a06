import { describe, expect, it } from "vitest";
import { connectDb } from "#server/db/connect";
import { fixedClock } from "#server/lib/clock";
import { createViewCounter } from "./view-counter";

const CHROME =
  "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const counterAt = (iso: string) => {
  const clock = fixedClock(iso);
  return { clock, counter: createViewCounter({ db: connectDb({}), clock }) };
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

  it("counts a visitor again on the next India day, even a second after the last view", async () => {
    const { clock, counter } = counterAt("2026-11-25T18:29:59.500Z"); // 23:59:59.5 in India
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
    clock.advance(1000); // 00:00:00.5 the next day
    counter.record({ eventNumber: "10000", ip: "198.51.100.1", userAgent: CHROME });
    expect(counter.pending()).toBe(2);
  });
});
