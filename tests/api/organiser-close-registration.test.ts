import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { DETAILS } from "#tests/helpers/registration";
import { activityOf, addToTeam } from "#tests/helpers/team";
import { createUserWithSession } from "#tests/helpers/users";

/** Issue 45: 'Close registration now', POST /event/{n}/close-registration. */
describe.each(engines)("closing registration now on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; id: string };
  let student: string;
  beforeAll(async () => {
    t = await createTestApi(engine);
    const o = await createUserWithSession(t.deps);
    owner = { cookie: o.cookie, id: o.user.id };
    student = (await createUserWithSession(t.deps, { firstName: "Sana" })).cookie;
  });
  afterAll(() => t.close());

  const close = (n: string, cookie = owner.cookie) =>
    t.request(`/event/${n}/close-registration`, { method: "POST", json: {}, cookie });

  it("ends the window now, once even asked twice at the same time; registering is then refused", async () => {
    const event = await insertEvent(t.deps, owner.id);
    const n = event.eventNumber;
    const judge = await addToTeam(t.deps, event.id, "judge", "Jai");
    expect((await close(n, student)).status).toBe(403);
    expect((await close(n, judge.cookie)).status).toBe(403);
    expect((await t.request(`/event/${n}/close-registration`, { method: "POST" })).status).toBe(
      401,
    );

    const answers = await Promise.all([close(n), close(n)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const now = t.clock.now().toISOString();
    for (const res of answers) expect(await res.json()).toMatchObject({ endDate: now });
    const closed = (await activityOf(t.deps, n)).filter(([a]) => a === "registration.closed");
    expect(closed).toHaveLength(1);

    t.clock.advance(1000);
    const refused = await t.request(`/event/${n}/register`, {
      method: "POST",
      json: DETAILS,
      cookie: student,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const state = await (await t.request(`/event/${n}/registration`, { cookie: student })).json();
    expect(state.reason).toBe("closed");

    // Closed already: 200, the end date as it was.
    const again = await close(n);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ endDate: now });
  });

  it("before the window opens: 409, nothing changed", async () => {
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const { eventNumber: n } = await insertEvent(t.deps, owner.id, { startDate: later });
    const res = await close(n);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "Registration has not opened yet: unpublish the event instead",
    });
    const event = await (await t.request(`/event/details/${n}`)).json();
    expect(event.endDate > t.clock.now().toISOString()).toBe(true);
  });
});
