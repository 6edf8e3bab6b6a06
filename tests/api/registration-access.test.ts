import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

const DAY = 86_400_000;

/** Every call of SPEC-2 §1 and §2 marked (cred), with a body that would otherwise be valid. */
const CRED_CALLS: [method: "GET" | "POST", path: string, body?: Record<string, unknown>][] = [
  ["POST", "/register", { ...DETAILS, teamName: "Outsiders" }],
  ["POST", "/team/join", { ...DETAILS, code: "CODE" }],
  ["POST", "/team/leave"],
  ["POST", "/team/remove", { userId: "USER" }],
  ["POST", "/team/code"],
  ["POST", "/unregister"],
  ["GET", "/teammates"],
  ["POST", "/teammates", { pitch: "Frontend dev, loves React" }],
  ["POST", "/teammates/remove"],
  ["POST", "/team/TEAM/requests", { ...DETAILS, message: "Let me in" }],
  ["GET", "/team/requests"],
  ["POST", "/team/requests/REQUEST/accept"],
  ["POST", "/team/requests/REQUEST/decline"],
];

describe.each(engines)("SPEC-2 §1 and §2 sessions and unknown events on %s", (engine) => {
  let t: TestApi;
  let n: string;
  let fill: (path: string) => string;
  const tables = [
    "registrations",
    "registrationMembers",
    "teammateListings",
    "joinRequests",
  ] as const;
  const snapshot = async () =>
    Promise.all(tables.map((x) => t.db.selectFrom(x).selectAll().execute()));

  beforeAll(async () => {
    t = await createTestApi(engine);
    const org = await createUserWithSession(t.deps, { firstName: "Organiser" });
    n = await publishedEvent(t, org.user.id, teamEvent(2, 4));
    const [leader, member, seeker] = await people(t, 3, "S");
    const team = await (
      await as(t, leader.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Insiders" })
    ).json();
    await as(t, member.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code });
    await as(t, member.cookie).post(`/event/${n}/teammates`, {
      pitch: "Frontend dev, loves React",
    });
    await as(t, seeker.cookie).post(`/event/${n}/teammates`, { pitch: "Backend dev, loves Go" });
    const request = await (
      await as(t, seeker.cookie).post(`/event/${n}/team/${team._id}/requests`, {
        ...DETAILS,
        message: "Let me in",
      })
    ).json();
    fill = (path) =>
      path
        .replace("TEAM", team._id)
        .replace("REQUEST", request._id)
        .replace("USER", member.user.id)
        .replace("CODE", team.team.code);
  });
  afterAll(() => t.close());

  it.each(CRED_CALLS)(
    "%s %s: 401 signed out with the one error shape, and nothing changes",
    async (method, path, body) => {
      const before = await snapshot();
      const res = await t.request(`/event/${n}${fill(path)}`, { method, json: body });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Please log in to continue" });
      expect(await snapshot()).toEqual(before);
    },
  );

  it("every call, and the open read, answers 404 for an unknown event to a signed-in user", async () => {
    const [p] = await people(t, 1, "U");
    for (const [method, path, body] of [...CRED_CALLS, ["GET", "/registration"] as const]) {
      const res = await t.request(`/event/99999999${fill(path)}`, {
        method,
        json: body,
        cookie: p.cookie,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(typeof (await res.json()).message).toBe("string");
    }
  });

  it("joining a team before registration opens: 409 'Registration has not opened yet'", async () => {
    const org = await createUserWithSession(t.deps, { firstName: "Later" });
    const later = await publishedEvent(t, org.user.id, teamEvent(2, 4));
    const [leader, friend] = await people(t, 2, "L");
    const team = await (
      await as(t, leader.cookie).post(`/event/${later}/register`, { ...DETAILS, teamName: "Early" })
    ).json();
    await t.db
      .updateTable("events")
      .set({ startDate: new Date(t.clock.now().getTime() + DAY).toISOString() })
      .where("eventNumber", "=", later)
      .execute();
    const res = await as(t, friend.cookie).post(`/event/${later}/team/join`, {
      ...DETAILS,
      code: team.team.code,
    });
    expect([res.status, (await res.json()).message]).toEqual([409, M.notOpenYet]);
  });
});
