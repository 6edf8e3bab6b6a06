import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Insights } from "#server/contracts/organiser";
import { fixedClock } from "#server/lib/clock";
import { createViewCounter } from "#server/services/organiser/view-counter";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { createUserWithSession } from "#tests/helpers/users";

const CHROME =
  "Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each(engines)("event-page views for insights on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; id: string };
  let visitor: string;
  beforeAll(async () => {
    t = await createTestApi(engine, { now: "2026-11-21T06:30:00.000Z" });
    t.deps.views = createViewCounter({ db: t.db, clock: t.clock });
    const o = await createUserWithSession(t.deps);
    owner = { cookie: o.cookie, id: o.user.id };
    visitor = (await createUserWithSession(t.deps)).cookie;
  });
  afterAll(() => t.close());

  const visit = (n: string, ua: string, init: { ip?: string; cookie?: string; q?: string } = {}) =>
    t.request(`/event/${n}/registration${init.q ?? "?view=1"}`, {
      headers: { "User-Agent": ua },
      ip: init.ip,
      cookie: init.cookie,
    });
  const insights = async (n: string) =>
    (await (await t.request(`/event/${n}/insights`, { cookie: owner.cookie })).json()) as Insights;

  it("counts one view per visitor a day; bots, the creator and plain API reads do not count", async () => {
    const { eventNumber: n } = await insertEvent(t.deps, owner.id);
    expect((await visit(n, CHROME, { ip: "198.51.100.1" })).status).toBe(200);
    await visit(n, CHROME, { ip: "198.51.100.1" }); // the same visitor again
    await visit(n, CHROME, { ip: "198.51.100.1", cookie: visitor }); // signed in now: still the same
    await visit(n, FIREFOX, { ip: "198.51.100.1" }); // another browser on that address
    await visit(n, CHROME, { ip: "198.51.100.2" }); // another address
    await visit(n, GOOGLEBOT, { ip: "66.249.66.1" });
    await visit(n, CHROME, { ip: "198.51.100.3", cookie: owner.cookie }); // the organiser
    await visit(n, CHROME, { ip: "198.51.100.4", q: "" }); // not the event page asking
    expect(t.deps.views!.pending()).toBe(3);
    const seen = await insights(n);
    expect(seen.views.total).toBe(3);
    expect(seen.views.daily).toHaveLength(30);
    expect(seen.views.daily.at(-1)).toEqual({ day: "2026-11-21", count: 3 });
    expect(t.deps.views!.pending()).toBe(0);
  });

  it("the next day the same visitor counts again, on the next day's row (the salt is new)", async () => {
    const { eventNumber: n } = await insertEvent(t.deps, owner.id);
    await visit(n, CHROME, { ip: "198.51.100.9" });
    t.clock.advance(86_400_000);
    await visit(n, CHROME, { ip: "198.51.100.9" });
    await visit(n, CHROME, { ip: "198.51.100.9" });
    const seen = await insights(n);
    expect(seen.views.total).toBe(2);
    expect(seen.views.daily.slice(-2).map((d) => d.count)).toEqual([1, 1]);
  });

  it("one write puts each event's views on each day's row (a batch across midnight, two events)", async () => {
    const { eventNumber: a } = await insertEvent(t.deps, owner.id);
    const { eventNumber: b } = await insertEvent(t.deps, owner.id);
    const clock = fixedClock("2026-11-21T18:29:59.000Z"); // 23:59:59 in India
    const counter = createViewCounter({ db: t.db, clock, batchSize: 1000 });
    counter.record({ eventNumber: a, ip: "203.0.113.1", userAgent: CHROME });
    counter.record({ eventNumber: a, ip: "203.0.113.2", userAgent: FIREFOX });
    counter.record({ eventNumber: b, ip: "203.0.113.1", userAgent: CHROME });
    clock.advance(2_000); // 00:00:01, 2026-11-22
    counter.record({ eventNumber: a, ip: "203.0.113.1", userAgent: CHROME });
    expect(counter.pending()).toBe(4);
    await counter.flush();
    expect(counter.pending()).toBe(0);
    const rows = await t.db
      .selectFrom("eventViews")
      .innerJoin("events", "events.id", "eventViews.eventId")
      .select(["events.eventNumber", "eventViews.day", "eventViews.views"])
      .where("events.eventNumber", "in", [a, b])
      .orderBy("events.eventNumber")
      .orderBy("eventViews.day")
      .execute();
    expect(rows.map((r) => [r.eventNumber, String(r.day).slice(0, 10), Number(r.views)])).toEqual([
      [a, "2026-11-21", 2],
      [a, "2026-11-22", 1],
      [b, "2026-11-21", 1],
    ]);
  });

  it("drafts are not counted (404), and views of a deleted event are dropped at the flush", async () => {
    const { eventNumber: draft } = await insertEvent(t.deps, owner.id, { status: "draft" });
    expect((await visit(draft, CHROME)).status).toBe(404);
    expect(t.deps.views!.pending()).toBe(0);
    const { eventNumber: gone } = await insertEvent(t.deps, owner.id);
    await visit(gone, CHROME);
    await t.request(`/event/${gone}/delete`, { method: "POST", json: {}, cookie: owner.cookie });
    await t.deps.views!.flush();
    expect(t.deps.views!.pending()).toBe(0);
  });

  it("writes in batches and loses nothing at a clean stop", async () => {
    const { eventNumber: n } = await insertEvent(t.deps, owner.id);
    const counter = createViewCounter({ db: t.db, clock: t.clock, batchSize: 1000 });
    for (let i = 0; i < 50; i++)
      counter.record({ eventNumber: n, ip: `203.0.113.${i}`, userAgent: CHROME });
    expect(counter.pending()).toBe(50);
    const before = await insights(n);
    expect(before.views.total).toBe(0);
    await counter.stop();
    expect(counter.pending()).toBe(0);
    expect((await insights(n)).views.total).toBe(50);
  });

  it("counts a visitor once whichever process serves them, and across a restart", async () => {
    const { eventNumber: n } = await insertEvent(t.deps, owner.id);
    // Two processes on one database: each has its own memory, seeds and timer.
    const first = createViewCounter({ db: t.db, clock: t.clock, batchSize: 1000 });
    const second = createViewCounter({ db: t.db, clock: t.clock, batchSize: 1000 });
    first.record({ eventNumber: n, ip: "203.0.113.50", userAgent: CHROME });
    second.record({ eventNumber: n, ip: "203.0.113.50", userAgent: CHROME });
    second.record({ eventNumber: n, ip: "203.0.113.51", userAgent: CHROME });
    await Promise.all([first.flush(), second.flush()]);
    expect((await insights(n)).views.total).toBe(2);
    await first.stop();
    // Restarted: nothing in memory, the visitor is still known for the day.
    const restarted = createViewCounter({ db: t.db, clock: t.clock, batchSize: 1000 });
    restarted.record({ eventNumber: n, ip: "203.0.113.50", userAgent: CHROME });
    restarted.record({ eventNumber: n, ip: "203.0.113.52", userAgent: FIREFOX });
    await restarted.stop();
    expect((await insights(n)).views.total).toBe(3);
  });

  it("forgets who was counted after a day: only today's and yesterday's visitors and seeds stay", async () => {
    const { eventNumber: n } = await insertEvent(t.deps, owner.id);
    const clock = fixedClock("2026-11-23T06:30:00.000Z");
    const counter = createViewCounter({ db: t.db, clock, batchSize: 1000 });
    counter.record({ eventNumber: n, ip: "203.0.113.60", userAgent: CHROME });
    await counter.flush();
    clock.advance(2 * 86_400_000);
    counter.record({ eventNumber: n, ip: "203.0.113.60", userAgent: CHROME });
    await counter.flush();
    const days = async (table: "viewSeeds" | "eventViewVisitors") =>
      [...new Set((await t.db.selectFrom(table).select("day").execute()).map((r) => r.day))].sort();
    expect(await days("viewSeeds")).toEqual(["2026-11-25"]);
    expect(await days("eventViewVisitors")).toEqual(["2026-11-25"]);
  });

  it("keeps the counts in memory when a write fails, and writes them at the next flush", async () => {
    const { eventNumber: n } = await insertEvent(t.deps, owner.id);
    let fail = true;
    const flaky = new Proxy(t.db, {
      get(target, prop) {
        if (prop === "transaction" && fail) throw new Error("database away");
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const counter = createViewCounter({ db: flaky, clock: t.clock });
    counter.record({ eventNumber: n, ip: "203.0.113.200", userAgent: CHROME });
    await expect(counter.flush()).rejects.toThrow("database away");
    expect(counter.pending()).toBe(1);
    fail = false;
    await counter.flush();
    expect((await insights(n)).views.total).toBe(1);
  });
});
