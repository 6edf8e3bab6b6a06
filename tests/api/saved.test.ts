import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { EVENT_CARD_KEYS, insertEvent } from "#tests/helpers/events";
import { addToTeam } from "#tests/helpers/team";
import { createUserWithSession } from "#tests/helpers/users";

const NOW = "2026-11-21T06:30:00.000Z";
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

describe.each(engines)("saved events on %s", (engine) => {
  let t: TestApi;
  let asha: { id: string; cookie: string };
  let ravi: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
    const a = await createUserWithSession(t.deps);
    asha = { id: a.user.id, cookie: a.cookie };
    const r = await createUserWithSession(t.deps, { firstName: "Ravi" });
    ravi = { id: r.user.id, cookie: r.cookie };
  });
  afterAll(() => t.close());

  const post = (path: string, cookie?: string) => t.request(path, { method: "POST", cookie });

  it("saves and unsaves, counting everyone's saves; twice changes nothing", async () => {
    const e = await insertEvent(t.deps, ravi.id);
    const n = e.eventNumber;
    expect(await (await post(`/event/${n}/save`, asha.cookie)).json()).toEqual({
      saved: true,
      saves: 1,
    });
    expect(await (await post(`/event/${n}/save`, asha.cookie)).json()).toEqual({
      saved: true,
      saves: 1,
    });
    expect(await (await post(`/event/${n}/save`, ravi.cookie)).json()).toEqual({
      saved: true,
      saves: 2,
    });
    expect(await (await post(`/event/${n}/unsave`, asha.cookie)).json()).toEqual({
      saved: false,
      saves: 1,
    });
    expect(await (await post(`/event/${n}/unsave`, asha.cookie)).json()).toEqual({
      saved: false,
      saves: 1,
    });
  });

  it("answers 401 without a session and 404 for unknown events and others' drafts", async () => {
    const e = await insertEvent(t.deps, ravi.id);
    const draft = await insertEvent(t.deps, ravi.id, { status: "draft" });
    const anon = await post(`/event/${e.eventNumber}/save`);
    expect(anon.status).toBe(401);
    expect((await post(`/event/99999999/save`, asha.cookie)).status).toBe(404);
    expect((await post(`/event/abc/unsave`, asha.cookie)).status).toBe(404);
    expect((await post(`/event/${draft.eventNumber}/save`, asha.cookie)).status).toBe(404);
    // Its creator may keep their own draft.
    expect((await post(`/event/${draft.eventNumber}/save`, ravi.cookie)).status).toBe(200);
    expect((await t.request("/my/saved")).status).toBe(401);
  });

  it("tells the event page whether the viewer saved the event", async () => {
    const e = await insertEvent(t.deps, ravi.id);
    const mine = async (cookie?: string) =>
      (await (await t.request(`/event/details/${e.eventNumber}`, { cookie })).json()).saved;
    expect(await mine(asha.cookie)).toBe(false);
    await post(`/event/${e.eventNumber}/save`, asha.cookie);
    expect(await mine(asha.cookie)).toBe(true);
    expect(await mine()).toBeUndefined();
  });

  it("lists saved events as cards, open ones by deadline, expired ones last", async () => {
    const u = await createUserWithSession(t.deps, { firstName: "Meera" });
    const later = await insertEvent(t.deps, ravi.id, { endDate: at(9 * DAY) });
    const soon = await insertEvent(t.deps, ravi.id, { endDate: at(2 * DAY) });
    const closed = await insertEvent(t.deps, ravi.id, { endDate: at(-2 * DAY) });
    const closedLongAgo = await insertEvent(t.deps, ravi.id, { endDate: at(-20 * DAY) });
    const hidden = await insertEvent(t.deps, ravi.id);
    for (const e of [closedLongAgo, later, closed, soon, hidden])
      expect((await post(`/event/${e.eventNumber}/save`, u.cookie)).status).toBe(200);
    // Unpublished after it was saved: out of the list.
    await t.db.updateTable("events").set({ status: "draft" }).where("id", "=", hidden.id).execute();
    const res = await t.request("/my/saved", { cookie: u.cookie });
    expect(res.status).toBe(200);
    const cards = await res.json();
    expect(cards.map((c: { eventNumber: string }) => c.eventNumber)).toEqual([
      soon.eventNumber,
      later.eventNumber,
      closed.eventNumber,
      closedLongAgo.eventNumber,
    ]);
    expect(Object.keys(cards[0]).sort()).toEqual(EVENT_CARD_KEYS);
    // Only the numbers, for the Save toggles: the same events, unpublished ones left out.
    const numbers = await (await t.request("/my/numbers", { cookie: u.cookie })).json();
    expect([...numbers.saved].sort()).toEqual(
      [soon, later, closed, closedLongAgo].map((e) => e.eventNumber).sort(),
    );
    expect((await t.request("/my/numbers")).status).toBe(401);
    // Someone else's list is their own.
    const other = await createUserWithSession(t.deps, { firstName: "Kiran" });
    expect(await (await t.request("/my/saved", { cookie: other.cookie })).json()).toEqual([]);
    expect(await (await t.request("/my/numbers", { cookie: other.cookie })).json()).toEqual({
      saved: [],
      editable: [],
    });
  });

  it("names the published events the user may edit: their own and those they are an admin of", async () => {
    const owner = await createUserWithSession(t.deps, { firstName: "Meera" });
    const own = await insertEvent(t.deps, owner.user.id);
    const draft = await insertEvent(t.deps, owner.user.id, { status: "draft", publishedAt: null });
    const numbersOf = async (cookie: string) =>
      (await (await t.request("/my/numbers", { cookie })).json()).editable;
    expect(await numbersOf(owner.cookie)).toEqual([own.eventNumber]);
    // SPEC-3 §1: admins edit; judges and volunteers do not.
    const admin = await addToTeam(t.deps, own.id, "admin");
    const judge = await addToTeam(t.deps, own.id, "judge");
    const volunteer = await addToTeam(t.deps, own.id, "volunteer");
    expect(await numbersOf(admin.cookie)).toEqual([own.eventNumber]);
    expect(await numbersOf(judge.cookie)).toEqual([]);
    expect(await numbersOf(volunteer.cookie)).toEqual([]);
    // An admin of a draft has nothing here: public pages show published events.
    await t.db
      .insertInto("eventOrganisers")
      .values({ eventId: draft.id, userId: judge.user.id, role: "admin", joinedAt: NOW })
      .execute();
    expect(await numbersOf(judge.cookie)).toEqual([]);
    // Their own event once and another's they admin, in either order.
    const theirs = await insertEvent(t.deps, admin.user.id);
    expect([...(await numbersOf(admin.cookie))].sort()).toEqual(
      [own.eventNumber, theirs.eventNumber].sort(),
    );
  });
});
