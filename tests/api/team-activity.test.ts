import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRow } from "#server/db/schema";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { registerDirect } from "#tests/helpers/registrants";
import { eventWithTickets } from "#tests/helpers/check-in";
import { addToTeam, eventIdOf } from "#tests/helpers/team";
import { createUserWithSession } from "#tests/helpers/users";

/** SPEC-3 §1: the activity log, duplicating as an admin, My Events with roles. */
describe.each(engines)("the team's activity on %s", (engine) => {
  let t: TestApi;
  let owner: { user: UserRow; cookie: string };
  let admin: { user: UserRow; cookie: string };
  let n: string;
  let eventId: number;
  let registrationId: string;
  beforeAll(async () => {
    t = await createTestApi(engine);
    owner = await createUserWithSession(t.deps, { firstName: "Priya", lastName: "Sharma" });
    const event = await insertEvent(t.deps, owner.user.id);
    n = event.eventNumber;
    eventId = event.id;
    admin = await addToTeam(t.deps, eventId, "admin", "Arjun");
    const reg = await createUserWithSession(t.deps);
    registrationId = await registerDirect(t.deps, eventId, [reg.user]);
  });
  afterAll(() => t.close());

  const post = (path: string, json: unknown, cookie: string) =>
    t.request(path, { method: "POST", json, cookie });
  const activity = async (cookie: string, before?: string) => {
    const res = await t.request(`/event/${n}/activity${before ? `?before=${before}` : ""}`, {
      cookie,
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  it("records each write with who made it, newest first, in the spec's sentences", async () => {
    const results = await post(
      `/event/${n}/rounds/0/results`,
      { advancing: [registrationId] },
      owner.cookie,
    );
    expect(results.status).toBe(200);
    const ann = { title: "Venue moved", message: "We are in hall B now." };
    expect((await post(`/event/${n}/announcements`, ann, admin.cookie)).status).toBe(201);
    expect(
      (
        await post(
          `/event/${n}/organisers/invite`,
          { email: "v@example.com", role: "volunteer" },
          admin.cookie,
        )
      ).status,
    ).toBe(201);
    const { items, next } = await activity(owner.cookie);
    expect(next).toBeNull();
    expect(items).toEqual([
      {
        at: "2026-11-21T06:30:00.000Z",
        actor: { firstName: "Arjun", lastName: "Member", role: "admin" },
        action: "team.invited",
        summary: "Arjun Member invited v@example.com as volunteer",
      },
      {
        at: "2026-11-21T06:30:00.000Z",
        actor: { firstName: "Arjun", lastName: "Member", role: "admin" },
        action: "announcement.posted",
        summary: "Arjun Member posted the announcement 'Venue moved'",
      },
      {
        at: "2026-11-21T06:30:00.000Z",
        actor: { firstName: "Priya", lastName: "Sharma", role: "owner" },
        action: "results.saved",
        summary: "Priya Sharma saved the results of round 1: 1 advancing",
      },
    ]);
  });

  it("records team changes, saves, publishing and an undone check-in with their actions", async () => {
    const { eventNumber: m, holders } = await eventWithTickets(t, owner.user.id, 1, {
      eventLogo: "logos/a.png",
      eventBanner: "banners/a.png",
    });
    const mId = await eventIdOf(t.deps, m);
    const vol = await addToTeam(t.deps, mId, "volunteer", "Vani");
    const log = async () => {
      const res = await t.request(`/event/${m}/activity`, { cookie: owner.cookie });
      expect(res.status).toBe(200);
      return (await res.json()).items.map((i: { action: string; summary: string }) => [
        i.action,
        i.summary,
      ]);
    };
    const ok = async (res: Response) =>
      expect(res.status, await res.clone().text()).toBeLessThan(300);
    await ok(await post(`/event/${m}/organisers/${vol.user.id}`, { role: "admin" }, owner.cookie));
    await ok(
      await post(`/event/create/${m}/step3/aboutEvent`, { aboutEvent: "<p>Hi</p>" }, vol.cookie),
    );
    await ok(await post(`/event/${m}/unpublish`, {}, vol.cookie));
    await ok(await post(`/event/create/${m}/step3/activateEvent`, {}, vol.cookie));
    await ok(
      await post(
        `/event/${m}/check-in`,
        { memberId: holders[0]!.user.id, nonce: "n1" },
        vol.cookie,
      ),
    );
    await ok(
      await post(`/event/${m}/check-in/undo`, { memberId: holders[0]!.user.id }, vol.cookie),
    );
    // Undoing again changes nothing and records nothing.
    await ok(
      await post(`/event/${m}/check-in/undo`, { memberId: holders[0]!.user.id }, vol.cookie),
    );
    await ok(await post(`/event/${m}/organisers/${vol.user.id}/remove`, {}, owner.cookie));
    const who = `${holders[0]!.user.firstName} ${holders[0]!.user.lastName}`;
    expect(await log()).toEqual([
      ["team.removed", "Priya Sharma removed Vani Member from the team"],
      ["check-in.undone", `Vani Member undid the check-in of ${who}`],
      ["event.published", "Vani Member published the event"],
      ["event.unpublished", "Vani Member unpublished the event"],
      ["event.saved", expect.stringMatching(/^Vani Member saved /)],
      ["team.role-changed", "Priya Sharma made Vani Member an admin"],
    ]);
  });

  it("a refused write records nothing", async () => {
    const before = await activity(owner.cookie);
    const bad = await post(`/event/${n}/announcements`, { title: "x", message: "y" }, admin.cookie);
    expect(bad.status).toBe(400);
    const stale = await post(
      `/event/create/${n}/step2`,
      { version: 99, participationType: "individual" },
      admin.cookie,
    );
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(await activity(owner.cookie)).toEqual(before);
  });

  it("pages of 50 with a cursor", async () => {
    for (let i = 0; i < 60; i++)
      await t.db
        .insertInto("eventActivity")
        .values({
          eventId,
          at: "2026-11-21T06:30:00.000Z",
          actorId: owner.user.id,
          actorRole: "owner",
          action: "event.saved",
          summary: `line ${i}`,
        })
        .execute();
    const first = await activity(owner.cookie);
    expect(first.items).toHaveLength(50);
    expect(first.items[0].summary).toBe("line 59");
    const second = await activity(owner.cookie, first.next);
    expect(second.items).toHaveLength(13);
    expect(second.items[9].summary).toBe("line 0");
    expect(second.next).toBeNull();
    const bad = await t.request(`/event/${n}/activity?before=x`, { cookie: owner.cookie });
    expect(bad.status).toBe(400);
  });

  it("an admin duplicates: the copy is the admin's draft, the team is not copied; My Events shows each role", async () => {
    const res = await post(`/event/${n}/duplicate`, {}, admin.cookie);
    expect(res.status).toBe(201);
    const { eventNumber } = await res.json();
    const copy = await t.db
      .selectFrom("events")
      .selectAll()
      .where("eventNumber", "=", eventNumber)
      .executeTakeFirstOrThrow();
    expect(copy.madeBy).toBe(admin.user.id);
    expect(
      await t.db.selectFrom("eventOrganisers").selectAll().where("eventId", "=", copy.id).execute(),
    ).toEqual([]);
    const { items } = await activity(owner.cookie);
    expect(items[0]).toMatchObject({
      action: "event.duplicated",
      summary: `Arjun Member duplicated the event as ${eventNumber}`,
    });
    const mine = await (await t.request("/my/event", { cookie: admin.cookie })).json();
    expect(
      mine.map((e: { eventNumber: string; myRole: string }) => [e.eventNumber, e.myRole]).sort(),
    ).toEqual(
      [
        [eventNumber, "owner"],
        [n, "admin"],
      ].sort(),
    );
    const details = await (await t.request(`/event/details/${n}`, { cookie: admin.cookie })).json();
    expect(details.myRole).toBe("admin");
  });

  it("a judge's My Events lists published events of its team, never drafts", async () => {
    const judge = await addToTeam(t.deps, eventId, "judge");
    const draft = await insertEvent(t.deps, owner.user.id, { status: "draft" });
    await t.db
      .insertInto("eventOrganisers")
      .values({
        eventId: draft.id,
        userId: judge.user.id,
        role: "judge",
        joinedAt: "2026-11-21T06:30:00.000Z",
      })
      .execute();
    const mine = await (await t.request("/my/event", { cookie: judge.cookie })).json();
    expect(
      mine.map((e: { eventNumber: string; myRole: string }) => [e.eventNumber, e.myRole]),
    ).toEqual([[n, "judge"]]);
  });

  it("deleting an event takes its team and log along", async () => {
    const other = await insertEvent(t.deps, owner.user.id);
    await addToTeam(t.deps, other.id, "admin");
    await post(`/event/${other.eventNumber}/unpublish`, {}, owner.cookie);
    expect((await post(`/event/${other.eventNumber}/delete`, {}, owner.cookie)).status).toBe(200);
    expect(
      await t.db
        .selectFrom("eventOrganisers")
        .selectAll()
        .where("eventId", "=", other.id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom("eventActivity").selectAll().where("eventId", "=", other.id).execute(),
    ).toEqual([]);
  });
});
