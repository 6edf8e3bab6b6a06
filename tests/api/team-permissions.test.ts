import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#server/contracts/team";
import { can, RIGHTS, type Right } from "#server/services/team/permissions";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { registerDirect } from "#tests/helpers/registrants";
import { addToTeam } from "#tests/helpers/team";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * SPEC-3 §1's table of rights, row by row: for each row one call, tried by every kind of caller.
 * Allowed means past the permission check (neither 401, 403 nor 'Event not found': a 400 for an
 * empty body, a 409 for a rule of the call, a 404 for an unknown invitation); refused is 403 (401
 * signed out).
 */
type Caller = "owner" | "admin" | "judge" | "volunteer" | "registrant" | "stranger" | "out";
const CALLERS: Caller[] = ["owner", "admin", "judge", "volunteer", "registrant", "stranger", "out"];

/** The table as SPEC-3 §1 prints it: which roles hold each row. */
const TABLE: Record<Right, Role[]> = {
  "event.edit": ["owner", "admin"],
  "event.delete": ["owner"],
  organise: ["owner", "admin"],
  "team.manage": ["owner", "admin"],
  "team.read": ["owner", "admin", "judge", "volunteer"],
  submissions: ["owner", "admin"],
  "judging.setup": ["owner", "admin"],
  leaderboard: ["owner", "admin"],
  "quiz.setup": ["owner", "admin"],
  score: ["owner", "admin", "judge"],
  "check-in": ["owner", "admin", "volunteer"],
  "check-in.undo": ["owner", "admin"],
  activity: ["owner", "admin"],
};

/** One call per row whose calls exist (later parts add theirs to this list). */
const CALLS: [Right, string, string, unknown][] = [
  ["event.edit", "POST", "/event/create/{n}/step3/activateEvent", {}],
  ["event.edit", "POST", "/event/create/{n}/step2", {}],
  ["event.edit", "POST", "/event/{n}/duplicate", {}],
  ["event.delete", "POST", "/event/{n}/delete", {}],
  ["organise", "GET", "/event/{n}/registrations", undefined],
  ["organise", "GET", "/event/{n}/insights", undefined],
  ["organise", "POST", "/event/{n}/announcements", {}],
  ["organise", "POST", "/event/{n}/rounds/0/results", { advancing: ["nobody"] }],
  ["organise", "POST", "/event/{n}/winners", { winners: [{ rank: 99 }] }],
  ["organise", "GET", "/event/{n}/certificates", undefined],
  ["organise", "POST", "/event/{n}/certificates", {}],
  ["team.manage", "POST", "/event/{n}/organisers/invite", {}],
  ["team.manage", "POST", "/event/{n}/organisers/invites/none/cancel", {}],
  ["team.manage", "POST", "/event/{n}/organisers/{owner}", { role: "judge" }],
  ["team.manage", "POST", "/event/{n}/organisers/{owner}/remove", {}],
  ["team.read", "GET", "/event/{n}/organisers", undefined],
  ["activity", "GET", "/event/{n}/activity", undefined],
];

describe("SPEC-3 §1: the table of rights as data", () => {
  it("RIGHTS holds exactly the spec's table", () => {
    expect(Object.keys(RIGHTS).sort()).toEqual(Object.keys(TABLE).sort());
    for (const [right, roles] of Object.entries(TABLE) as [Right, Role[]][])
      for (const role of ["owner", "admin", "judge", "volunteer"] as Role[])
        expect(can(role, right), `${role} ${right}`).toBe(roles.includes(role));
    expect(can(null, "team.read")).toBe(false);
  });
});

describe.each(engines)("SPEC-3 §1 rights on %s", (engine) => {
  let t: TestApi;
  let n: string;
  let draft: string;
  let ownerId: string;
  const cookies = {} as Record<Caller, string | undefined>;
  beforeAll(async () => {
    t = await createTestApi(engine);
    const owner = await createUserWithSession(t.deps, { firstName: "Priya", lastName: "Sharma" });
    ownerId = owner.user.id;
    const event = await insertEvent(t.deps, ownerId);
    n = event.eventNumber;
    draft = (await insertEvent(t.deps, ownerId, { status: "draft" })).eventNumber;
    const draftId = (
      await t.db
        .selectFrom("events")
        .select("id")
        .where("eventNumber", "=", draft)
        .executeTakeFirstOrThrow()
    ).id;
    cookies.owner = owner.cookie;
    for (const role of ["admin", "judge", "volunteer"] as const) {
      const m = await addToTeam(t.deps, event.id, role);
      cookies[role] = m.cookie;
      await t.db
        .insertInto("eventOrganisers")
        .values({ eventId: draftId, userId: m.user.id, role, joinedAt: "2026-11-21T06:30:00.000Z" })
        .execute();
    }
    const registrant = await createUserWithSession(t.deps);
    await registerDirect(t.deps, event.id, [registrant.user]);
    cookies.registrant = registrant.cookie;
    cookies.stranger = (await createUserWithSession(t.deps)).cookie;
    cookies.out = undefined;
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, body: unknown, caller: Caller, number = n) =>
    t.request(path.replace("{n}", number).replace("{owner}", ownerId), {
      method,
      json: body,
      cookie: cookies[caller],
    });

  it.each(CALLS)("%s: %s %s, allowed and refused by role", async (right, method, path, body) => {
    for (const caller of CALLERS) {
      const res = await send(method, path, body, caller);
      const allowed = (TABLE[right] as string[]).includes(caller);
      const expected = caller === "out" ? [401] : allowed ? null : [403];
      if (expected) expect(res.status, `${caller} ${method} ${path}`).toBe(expected[0]);
      else {
        expect([401, 403], `${caller} ${method} ${path}`).not.toContain(res.status);
        expect((await res.json()).message ?? "").not.toBe("Event not found");
      }
    }
  });

  it("a draft answers 404 to everyone but its owner and admins, judges and volunteers included", async () => {
    for (const caller of CALLERS) {
      const res = await send("GET", "/event/details/{n}", undefined, caller, draft);
      const sees = caller === "owner" || caller === "admin";
      expect(res.status, caller).toBe(sees ? 200 : 404);
      const team = await send("GET", "/event/{n}/organisers", undefined, caller, draft);
      expect(team.status, caller).toBe(caller === "out" ? 401 : sees ? 200 : 404);
    }
  });

  it("nothing a refused caller sent was written", async () => {
    const events = await t.db.selectFrom("events").select("madeBy").execute();
    // The owner and the admin each duplicated once; no refused caller made anything.
    expect(events).toHaveLength(4);
    expect(await t.db.selectFrom("announcements").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("organiserInvites").selectAll().execute()).toEqual([]);
  });
});
