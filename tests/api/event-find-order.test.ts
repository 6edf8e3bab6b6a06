import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEvents } from "#server/db/seed";
import { TEXT_COUNT_CAP } from "#server/services/events/event-query";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";

// The text search's list, read from the index in list order (SQLite) or by pg_trgm (PostgreSQL),
// against the plain reading of SPEC §7: every published event whose name, festival or
// organisation contains the text (any case), open ones by nearest deadline then expired ones by
// latest, ties by event number; then the page. Deadlines are bunched so that many events share
// a second (more than one page of them, open and closed), some share a second but not a
// millisecond, and some sit on the current second on either side of "now".

const NOW = "2026-11-21T06:30:00.000Z";
const TERMS = ["techfest", "hack", "IIT", "quiz", "fest", "delhi", "design", "webinar"];
const MORE_TERMS = ["codestorm", "zzqx", "Mood Indigo", "2026", "st", "a", "ES", "of "];

interface Listed {
  eventNumber: string;
  endDate: string | null;
  eventName: string | null;
  festivalName: string | null;
  organisationName: string | null;
  eventType: string | null;
  modeOfEvent: string | null;
}

function reference(
  all: Listed[],
  q: string,
  f: { eventType?: string; modeOfEvent?: string; open?: boolean },
) {
  const needle = q.toLowerCase();
  const hit = all.filter(
    (e) =>
      [e.eventName, e.festivalName, e.organisationName].some((v) =>
        v?.toLowerCase().includes(needle),
      ) &&
      (!f.eventType || e.eventType === f.eventType) &&
      (!f.modeOfEvent || e.modeOfEvent === f.modeOfEvent),
  );
  const byNumber = (a: Listed, b: Listed) => (a.eventNumber < b.eventNumber ? -1 : 1);
  const open = hit
    .filter((e) => e.endDate !== null && e.endDate > NOW)
    .sort((a, b) => (a.endDate === b.endDate ? byNumber(a, b) : a.endDate! < b.endDate! ? -1 : 1));
  const closed = hit
    .filter((e) => e.endDate === null || e.endDate <= NOW)
    .sort((a, b) => (a.endDate === b.endDate ? byNumber(a, b) : a.endDate! > b.endDate! ? -1 : 1));
  return f.open ? open : [...open, ...closed];
}

describe.each(engines)("text search order against a reference on %s", (engine) => {
  let t: TestApi;
  let all: Listed[];
  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
    await seedEvents(t.deps, { count: 1500, images: false, seed: 11 });
    const set = (endDate: string, where: ReturnType<typeof sql>) =>
      sql`update events set "endDate" = ${endDate} where ${where}`.execute(t.db);
    await set("2026-12-01T10:00:00.000Z", sql`id % 4 = 0`);
    await set("2026-11-10T10:00:00.000Z", sql`id % 4 = 1`);
    await set("2026-12-05T10:00:00.123Z", sql`id % 8 = 2`);
    await set("2026-12-05T10:00:00.045Z", sql`id % 16 = 6`);
    await set("2026-11-21T06:30:00.000Z", sql`id % 32 = 3`);
    await set("2026-11-21T06:30:00.001Z", sql`id % 32 = 7`);
    await set("2026-11-21T06:29:59.999Z", sql`id % 32 = 11`);
    // Unpublished and re-published: the index follows status changes.
    await sql`update events set status = 'draft' where id % 10 = 5`.execute(t.db);
    await sql`update events set status = 'active' where id % 20 = 5`.execute(t.db);
    await sql`delete from events where id % 97 = 1 and status = 'active'`.execute(t.db);
    all = await t.db
      .selectFrom("events")
      .select([
        "eventNumber",
        "endDate",
        "eventName",
        "festivalName",
        "organisationName",
        "eventType",
        "modeOfEvent",
      ])
      .where("status", "=", "active")
      .execute();
  }, 300_000);
  afterAll(() => t.close());

  async function check(q: string, f: Record<string, string>, page: number, limit: number) {
    const params = new URLSearchParams({ q, ...f, page: String(page), limit: String(limit) });
    const res = await t.request(`/event/find?${params}`);
    expect(res.status).toBe(200);
    const want = reference(all, q.trim(), {
      eventType: f.eventType,
      modeOfEvent: f.modeOfEvent,
      open: f.open === "true",
    });
    const got = ((await res.json()) as { eventNumber: string }[]).map((e) => e.eventNumber);
    const label = `${q} ${params}`;
    expect(got, label).toEqual(
      want.slice((page - 1) * limit, page * limit).map((e) => e.eventNumber),
    );
    expect(res.headers.get("x-total-count"), label).toBe(
      String(Math.min(want.length, TEXT_COUNT_CAP)),
    );
    return want.length;
  }

  it("gives the same pages as the reference over many terms, filters and pages", async () => {
    const filters: Record<string, string>[] = [
      {},
      { open: "true" },
      { eventType: "Fest" },
      { modeOfEvent: "Online", open: "true" },
      { eventType: "Hackathon & Coding Challenges", modeOfEvent: "Offline" },
    ];
    let compared = 0;
    for (const q of TERMS) {
      for (const f of filters) {
        for (const limit of [20, 7]) {
          const n = await check(q, f, 1, limit);
          // Pages through the open ones into the expired ones, and the last one.
          const open = reference(all, q, { ...f, open: true }).length;
          const pages = new Set([2, Math.ceil(open / limit), Math.ceil(open / limit) + 1]);
          pages.add(Math.max(1, Math.ceil(n / limit)));
          for (const p of pages) if (p >= 1 && p <= 200) await check(q, f, p, limit);
          compared += pages.size + 1;
        }
      }
    }
    for (const q of MORE_TERMS) {
      for (const f of filters.slice(0, 2)) {
        await check(q, f, 1, 20);
        await check(q, f, 3, 50);
        compared += 2;
      }
    }
    expect(compared).toBeGreaterThan(300);
  }, 300_000);

  it("has events sharing a second on both sides of now and past a page", () => {
    const atTie = all.filter((e) => e.endDate === "2026-12-01T10:00:00.000Z").length;
    const closedTie = all.filter((e) => e.endDate === "2026-11-10T10:00:00.000Z").length;
    expect(atTie).toBeGreaterThan(100);
    expect(closedTie).toBeGreaterThan(100);
  });
});
