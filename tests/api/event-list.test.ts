import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "#server/contracts/constants";
import type { EventCardData, MyEventCardData } from "#server/contracts/event-shape";
import type { NewEvent } from "#server/db/schema";
import { SHOWCASE_FESTIVAL, seedEvents } from "#server/db/seed";
import { likePattern, parseEventQuery } from "#server/services/events/event-query";
import { createSession } from "#server/services/accounts/sessions";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { EVENT_CARD_KEYS } from "#tests/helpers/events";
import { createUserWithSession } from "#tests/helpers/users";

const NOW = "2026-11-21T06:30:00.000Z";
const inDays = (d: number) => new Date(Date.parse(NOW) + d * 86_400_000).toISOString();

function eventRow(
  madeBy: string,
  overrides: Partial<NewEvent> & { eventNumber: string },
): NewEvent {
  return {
    madeBy,
    status: "active",
    version: 1,
    eventType: "Quizzes",
    eventName: "Plain Quiz",
    organisationName: "Test College",
    festivalName: null,
    modeOfEvent: "Online",
    endDate: inDays(5),
    startDate: inDays(-5),
    createdAt: NOW,
    updatedAt: NOW,
    publishedAt: NOW,
    registrationCount: 0,
    ...overrides,
  };
}

describe("parseEventQuery", () => {
  it("defaults and caps paging, ignores unknown types and modes", () => {
    expect(parseEventQuery({})).toMatchObject({
      page: 1,
      limit: 20,
      eventType: undefined,
      modeOfEvent: undefined,
    });
    expect(parseEventQuery({ page: "3", limit: "500" })).toMatchObject({ page: 3, limit: 50 });
    expect(parseEventQuery({ page: "-1", limit: "abc" })).toMatchObject({ page: 1, limit: 20 });
    expect(parseEventQuery({ eventType: "All", modeOfEvent: "Hybrid" })).toMatchObject({
      eventType: undefined,
      modeOfEvent: undefined,
    });
    expect(parseEventQuery({ type: "Fest", mode: "Online", q: "  x " })).toMatchObject({
      eventType: "Fest",
      modeOfEvent: "Online",
      q: "x",
    });
  });
  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_Off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe.each(engines)("discovery lists on %s", (engine) => {
  let t: TestApi;
  let creator: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let showcaseNumber: string;

  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
    const seeded = await seedEvents(t.deps, { count: 40, drafts: 3, images: false, seed: 11 });
    showcaseNumber = seeded.showcase.eventNumber;
    const c = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", seeded.creatorEmail)
      .executeTakeFirstOrThrow();
    // The seeded creator has no password; give the tests a session for them.
    creator = { id: c.id, cookie: `utsav_session=${await createSession(t.deps, c.id)}` };
    const o = await createUserWithSession(t.deps, { firstName: "Other" });
    other = { id: o.user.id, cookie: o.cookie };
    // Hand-made events with known values for exact assertions.
    await t.db
      .insertInto("events")
      .values([
        eventRow(other.id, {
          eventNumber: "00001",
          eventName: "100% Fun_Quiz",
          eventType: "Quizzes",
          endDate: inDays(0.5),
        }),
        eventRow(other.id, {
          eventNumber: "00002",
          eventName: "Secret Draft Hack",
          status: "draft",
          publishedAt: null,
          eventType: "Hackathon & Coding Challenges",
        }),
        eventRow(other.id, {
          eventNumber: "00003",
          eventName: "Gone Quiz",
          endDate: inDays(-400),
          registrationCount: 1,
        }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  async function list(path: string, cookie?: string) {
    const res = await t.request(path, { cookie });
    expect(res.status).toBe(200);
    return { res, body: (await res.json()) as EventCardData[] };
  }

  it("GET /event/get-all lists published events only, open ones by nearest deadline, then expired", async () => {
    const { res, body } = await list("/event/get-all?limit=50");
    const total = Number(res.headers.get("x-total-count"));
    expect(total).toBe(40 + 2); // 40 seeded + 2 hand-made published, no drafts
    expect(body.length).toBe(42);
    expect(body.every((e) => e.status === "active")).toBe(true);
    expect(body.map((e) => e.eventName)).not.toContain("Secret Draft Hack");
    const ends = body.map((e) => e.endDate!);
    const openCount = ends.filter((d) => d > NOW).length;
    expect(openCount).toBeGreaterThan(0);
    expect(openCount).toBeLessThan(42);
    // all open first ...
    expect(ends.slice(0, openCount).every((d) => d > NOW)).toBe(true);
    expect(ends.slice(openCount).every((d) => d <= NOW)).toBe(true);
    // ... soonest deadline first, then the most recently closed
    expect(ends.slice(0, openCount)).toEqual([...ends.slice(0, openCount)].sort());
    expect(ends.slice(openCount)).toEqual([...ends.slice(openCount)].sort().reverse());
    expect(body[0]!.eventName).toBe("100% Fun_Quiz");
    expect(body.at(-1)!.eventName).toBe("Gone Quiz");
    // cards carry only card fields
    expect(Object.keys(body[0]!).sort()).toEqual(EVENT_CARD_KEYS);
  });

  it("pages with X-Total-Count and Link next/prev", async () => {
    const first = await list("/event/get-all?limit=10");
    expect(first.body.length).toBe(10);
    expect(first.res.headers.get("x-total-count")).toBe("42");
    const link1 = first.res.headers.get("link")!;
    expect(link1).toContain('rel="next"');
    expect(link1).not.toContain('rel="prev"');
    expect(link1).toMatch(
      /^<http:\/\/localhost:3000\/api\/v1\/event\/get-all\?limit=10&page=2>; rel="next"$/,
    );

    const second = await list("/event/get-all?limit=10&page=2");
    expect(second.res.headers.get("link")).toContain('page=3>; rel="next"');
    expect(second.res.headers.get("link")).toContain('page=1>; rel="prev"');
    const firstNumbers = new Set(first.body.map((e) => e.eventNumber));
    expect(second.body.some((e) => firstNumbers.has(e.eventNumber))).toBe(false);

    const last = await list("/event/get-all?limit=10&page=5");
    expect(last.body.length).toBe(2);
    expect(last.res.headers.get("link")).not.toContain('rel="next"');

    const defaults = await list("/event/get-all");
    expect(defaults.body.length).toBe(20);
    const capped = await list("/event/get-all?limit=1000");
    expect(capped.body.length).toBe(42); // capped at 50, fewer exist
  });

  it("GET /event/find filters by each event type in the database", async () => {
    const all = (await list("/event/get-all?limit=50")).body;
    for (const type of EVENT_TYPES) {
      const { res, body } = await list(
        `/event/find?eventType=${encodeURIComponent(type)}&limit=50`,
      );
      const expected = all.filter((e) => e.eventType === type).length;
      expect(expected, type).toBeGreaterThan(0);
      expect(body.length, type).toBe(expected);
      expect(res.headers.get("x-total-count")).toBe(String(expected));
      expect(body.every((e) => e.eventType === type)).toBe(true);
    }
    expect((await list("/event/find?eventType=All&limit=50")).body.length).toBe(42);
  });

  it("filters by mode, and by mode and type together", async () => {
    for (const mode of ["Online", "Offline"]) {
      const { body } = await list(`/event/find?modeOfEvent=${mode}&limit=50`);
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((e) => e.modeOfEvent === mode)).toBe(true);
    }
    const both = (await list(`/event/find?modeOfEvent=Online&eventType=Quizzes&limit=50`)).body;
    expect(both.every((e) => e.modeOfEvent === "Online" && e.eventType === "Quizzes")).toBe(true);
    expect(both.map((e) => e.eventName)).toContain("100% Fun_Quiz");
    const online = (await list(`/event/find?modeOfEvent=Online&limit=50`)).body.length;
    const offline = (await list(`/event/find?modeOfEvent=Offline&limit=50`)).body.length;
    expect(online + offline).toBe(42);
  });

  it("matches text in name, festival or organisation, in any case, with wildcards taken literally", async () => {
    const festival = (
      await list(`/event/find?q=${encodeURIComponent(SHOWCASE_FESTIVAL.toUpperCase())}`)
    ).body;
    expect(festival.map((e) => e.eventNumber)).toEqual([showcaseNumber]);
    const org = (await list(`/event/find?q=iit%20KANPUR&limit=50`)).body;
    expect(org.length).toBeGreaterThan(0);
    expect(
      org.every(
        (e) =>
          e.organisationName === "IIT Kanpur" ||
          /iit kanpur/i.test(`${e.eventName} ${e.festivalName}`),
      ),
    ).toBe(true);
    const name = (await list(`/event/find?q=fun_quiz`)).body;
    expect(name.map((e) => e.eventName)).toEqual(["100% Fun_Quiz"]);
    // % and _ are letters here, not wildcards
    expect(
      (await list(`/event/find?q=${encodeURIComponent("100%")}`)).body.map((e) => e.eventName),
    ).toEqual(["100% Fun_Quiz"]);
    expect(
      (await list(`/event/find?q=${encodeURIComponent("0% f")}`)).body.map((e) => e.eventName),
    ).toEqual(["100% Fun_Quiz"]);
    expect((await list(`/event/find?q=${encodeURIComponent("Fun%Quiz")}`)).body).toEqual([]);
    expect((await list(`/event/find?q=zzqqxx-nothing`)).body).toEqual([]);
    expect((await list(`/event/find?q=secret%20draft`)).body).toEqual([]);
    // Totals count published matches only, though a draft has the text too ("Secret Draft Hack").
    expect((await list(`/event/find?q=secret%20draft`)).res.headers.get("x-total-count")).toBe("0");
    // A row of cards asks for no total: no X-Total-Count, and `next` only when the page is full.
    const row = await list(`/event/find?limit=3&total=0`);
    expect(row.body).toHaveLength(3);
    expect(row.res.headers.get("x-total-count")).toBeNull();
    expect(row.res.headers.get("link")).toContain('rel="next"');
    const hack = await list(`/event/find?q=hack&limit=50`);
    expect(hack.body.length).toBeGreaterThan(0);
    expect(Number(hack.res.headers.get("x-total-count"))).toBe(hack.body.length);
  });

  it("never lists drafts, even to their creator", async () => {
    const { body } = await list("/event/find?limit=50", creator.cookie);
    expect(body.every((e) => e.status === "active")).toBe(true);
    expect(body.length).toBe(42);
  });

  it("open=true keeps open events; sort=newest orders by publication", async () => {
    const open = (await list("/event/find?open=true&limit=50")).body;
    expect(open.every((e) => e.endDate! > NOW)).toBe(true);
    expect(open.map((e) => e.eventName)).not.toContain("Gone Quiz");
    const newest = (await list("/event/get-all?limit=50")).body;
    expect(newest.length).toBe(42);
    const byNewest = (await list("/event/find?sort=newest&limit=5")).body;
    expect(byNewest[0]!.eventNumber).toMatch(/^0000[13]$/); // published "now", the latest
  });

  it("GET /my/event answers 401 without a session", async () => {
    const res = await t.request("/my/event");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it("GET /my/event lists the user's own events, drafts included, and searches by name", async () => {
    const mine = await list("/my/event", creator.cookie);
    expect(mine.body.length).toBe(43);
    expect(mine.res.headers.get("x-total-count")).toBe("43");
    expect(mine.body.filter((e) => e.status === "draft").length).toBe(3);
    expect(mine.body.map((e) => e.eventName)).not.toContain("Plain Quiz");

    const others = (await list("/my/event", other.cookie)).body;
    expect(others.map((e) => e.eventNumber).sort()).toEqual(["00001", "00002", "00003"]);
    expect(others.find((e) => e.eventNumber === "00002")!.status).toBe("draft");
    // The organiser's cards say how many registered (issue 31); public lists do not carry it.
    expect(
      Object.fromEntries(
        others.map((e) => [e.eventNumber, (e as MyEventCardData).registrationCount]),
      ),
    ).toEqual({ "00001": 0, "00002": 0, "00003": 1 });

    const search = (await list("/my/event?q=SECRET", other.cookie)).body;
    expect(search.map((e) => e.eventNumber)).toEqual(["00002"]);
    // name only: the organisation does not match
    expect((await list("/my/event?q=test%20college", other.cookie)).body).toEqual([]);
  });

  it("GET /event/details hides a draft from everybody but its creator", async () => {
    expect((await t.request("/event/details/00002")).status).toBe(404);
    expect((await t.request("/event/details/00002", { cookie: creator.cookie })).status).toBe(404);
    const own = await t.request("/event/details/00002", { cookie: other.cookie });
    expect(own.status).toBe(200);
    expect((await own.json()).eventName).toBe("Secret Draft Hack");
    const pub = await t.request(`/event/details/${showcaseNumber}`);
    expect(pub.status).toBe(200);
    const event = await pub.json();
    expect(event.festivalName).toBe(SHOWCASE_FESTIVAL);
    expect(event.rounds.length).toBeGreaterThan(0);
    expect(event.prizes[0]).toEqual({ rank: 1, cashAmount: 100000 });
  });

  it("GET /event/sitemap lists every published event and no draft", async () => {
    const res = await t.request("/event/sitemap");
    const body = (await res.json()) as { eventNumber: string; updatedAt: string }[];
    expect(body.length).toBe(42);
    expect(body.map((e) => e.eventNumber)).not.toContain("00002");
  });
});
