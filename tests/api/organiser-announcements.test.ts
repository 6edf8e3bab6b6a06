import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Announcement, AudienceCounts } from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import { createTestApi, engines, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { registerDirect } from "#tests/helpers/registrants";
import { activityOf } from "#tests/helpers/team";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Issue 45: an update goes to everyone registered, those still in the running or those checked
 * in; it may be edited (not mailed again) and deleted; the web asks first with these counts.
 */
describe.each(engines)("updates: audience, edit, delete on %s", (engine) => {
  let t: TestApi;
  let owner: string;
  let stranger: string;
  let n: string;
  let otherN: string;
  let people: UserRow[];
  beforeAll(async () => {
    t = await createTestApi(engine);
    const o = await createUserWithSession(t.deps);
    owner = o.cookie;
    stranger = (await createUserWithSession(t.deps)).cookie;
    // Round 0 of insertEvent's event is an eliminator round.
    const event = await insertEvent(t.deps, o.user.id);
    n = event.eventNumber;
    otherN = (await insertEvent(t.deps, o.user.id)).eventNumber;
    people = [];
    const regs: string[] = [];
    for (const firstName of ["Asha", "Bilal", "Chitra"]) {
      const user = (await createUserWithSession(t.deps, { firstName })).user;
      people.push(user);
      regs.push(await registerDirect(t.deps, event.id, [user]));
    }
    // Asha and Bilal advance from round 0, Chitra is out; Asha is checked in.
    const saved = await t.request(`/event/${n}/rounds/0/results`, {
      method: "POST",
      json: { advancing: [regs[0], regs[1]] },
      cookie: owner,
    });
    expect(saved.status).toBe(200);
    await t.db
      .insertInto("checkIns")
      .values({
        eventId: event.id,
        userId: people[0]!.id,
        checkedInAt: t.clock.now().toISOString(),
        byUserId: o.user.id,
      })
      .execute();
  });
  afterAll(() => t.close());

  const post = (path: string, json: unknown, cookie = owner) =>
    t.request(path, { method: "POST", json, cookie });
  const mailedTo = async (before: number) =>
    (await outbox(t.db))
      .slice(before)
      .map((m) => m.to)
      .sort();
  const list = async () =>
    (await (await t.request(`/event/${n}/announcements`)).json()) as Announcement[];

  it("counts each audience for the organiser only", async () => {
    const res = await t.request(`/event/${n}/announcement-audiences`, { cookie: owner });
    expect(res.status).toBe(200);
    expect((await res.json()) as AudienceCounts).toEqual({ all: 3, running: 2, "checked-in": 1 });
    const refused = await t.request(`/event/${n}/announcement-audiences`, { cookie: stranger });
    expect(refused.status).toBe(403);
    expect((await t.request(`/event/${n}/announcement-audiences`)).status).toBe(401);
  });

  it("mails only the audience chosen, and says who it went to; an unknown audience changes nothing", async () => {
    let before = (await outbox(t.db)).length;
    const bad = await post(`/event/${n}/announcements`, {
      title: "Hall B",
      message: "Round 2 is in Hall B.",
      audience: "judges",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.audience).toContain("Choose who gets this update");
    expect(await mailedTo(before)).toEqual([]);
    expect(await list()).toEqual([]);

    const running = await post(`/event/${n}/announcements`, {
      title: "Round 2 in Hall B",
      message: "Those in round 2: Hall B at 10 am.",
      audience: "running",
    });
    expect(running.status).toBe(201);
    expect(await running.json()).toMatchObject({ audience: "running", editedAt: null });
    expect(await mailedTo(before)).toEqual([people[0]!.email, people[1]!.email].sort());

    before = (await outbox(t.db)).length;
    const inside = await post(`/event/${n}/announcements`, {
      title: "Lunch is served",
      message: "Lunch in the atrium, bring your badge.",
      audience: "checked-in",
    });
    expect(inside.status).toBe(201);
    expect(await mailedTo(before)).toEqual([people[0]!.email]);

    before = (await outbox(t.db)).length;
    const all = await post(`/event/${n}/announcements`, {
      title: "Thank you all",
      message: "Thank you for coming, see you next year.",
    });
    expect(all.status).toBe(201);
    expect(await all.json()).toMatchObject({ audience: "all" });
    expect(await mailedTo(before)).toEqual(people.map((p) => p.email).sort());
    expect((await list()).map((a) => a.audience)).toEqual(["all", "checked-in", "running"]);
  });

  it("edits the text without mailing anyone again; bad input and strangers change nothing", async () => {
    const [latest] = await list();
    const before = (await outbox(t.db)).length;
    const path = `/event/${n}/announcements/${latest!._id}`;
    const bad = await post(path, { title: "Hi", message: "x" });
    expect(bad.status).toBe(400);
    const errors = (await bad.json()).errors;
    expect(errors.title).toContain("Minimum 3 characters required");
    expect(errors.message).toContain("Minimum 10 characters required");
    const body = { title: "Thank you, all 3", message: "Thank you for coming. See you in 2027." };
    expect((await post(path, body, stranger)).status).toBe(403);
    expect((await list())[0]!.title).toBe("Thank you all");

    t.clock.advance(60_000);
    const res = await post(path, body);
    expect(res.status).toBe(200);
    const edited = (await res.json()) as Announcement;
    expect(edited).toMatchObject({ ...body, audience: "all", createdAt: latest!.createdAt });
    expect(edited.editedAt).toBe(t.clock.now().toISOString());
    expect((await list())[0]).toEqual(edited);
    expect(await mailedTo(before)).toEqual([]);
    expect((await activityOf(t.deps, n))[0]).toEqual([
      "announcement.edited",
      expect.stringContaining("edited the announcement 'Thank you, all 3'"),
    ]);
    // Not found: an unknown id, or another event's update under this event.
    for (const p of [`/event/${n}/announcements/999999`, `/event/${n}/announcements/x`]) {
      const missing = await post(p, body);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: "Update not found" });
    }
    expect((await post(`/event/${otherN}/announcements/${latest!._id}`, body)).status).toBe(404);
  });

  it("deletes an update once, even asked twice at the same time, mailing nobody", async () => {
    const [latest, ...rest] = await list();
    const before = (await outbox(t.db)).length;
    const path = `/event/${n}/announcements/${latest!._id}/delete`;
    expect((await post(path, {}, stranger)).status).toBe(403);
    expect((await post(`/event/${otherN}/announcements/${latest!._id}/delete`, {})).status).toBe(
      404,
    );
    const answers = await Promise.all([post(path, {}), post(path, {})]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await list()).map((a) => a._id)).toEqual(rest.map((a) => a._id));
    expect(await mailedTo(before)).toEqual([]);
    const deleted = (await activityOf(t.deps, n)).filter(([a]) => a === "announcement.deleted");
    expect(deleted).toHaveLength(1);
  });
});
