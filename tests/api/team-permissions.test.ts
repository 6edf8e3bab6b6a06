import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NUMBER_TAKEN } from "#server/contracts/event";
import { NOT_YOUR_EVENT } from "#server/contracts/organiser";
import { TEAM_MESSAGES } from "#server/contracts/team";
import type { Role } from "#server/contracts/team-roles";
import { can, RIGHTS, type Right } from "#server/services/team/permissions";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { registerDirect } from "#tests/helpers/registrants";
import { addToTeam, eventIdOf } from "#tests/helpers/team";
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

/**
 * Every organiser call, with the row of the table that allows it (later parts add theirs). The
 * bodies are empty or wrong: a refused caller gets 403 whatever else is wrong with the call.
 */
const CALLS: [Right, string, string, unknown][] = [
  ["event.edit", "POST", "/event/create/{n}/step2", {}],
  ["event.edit", "POST", "/event/create/{n}/step3/rounds", {}],
  ["event.edit", "GET", "/event/create/{n}/step3/activateEvent", undefined],
  ["event.edit", "POST", "/event/create/{n}/step3/activateEvent", {}],
  ["event.edit", "POST", "/event/{n}/unpublish", { version: "x" }],
  ["event.edit", "POST", "/event/{n}/duplicate", {}],
  ["event.edit", "POST", "/event/{n}/close-registration", {}],
  ["event.edit", "GET", "/event/{n}/coupons", undefined],
  ["event.edit", "POST", "/event/{n}/coupons", {}],
  ["event.edit", "POST", "/event/{n}/coupons/none/disable", {}],
  ["organise", "GET", "/event/{n}/payments", undefined],
  ["organise", "GET", "/event/{n}/payments?status=paid&q=x", undefined],
  ["organise", "GET", "/event/{n}/payments.csv", undefined],
  ["organise", "GET", "/event/{n}/payments/lines", undefined],
  ["organise", "GET", "/event/{n}/payments/none/screenshot", undefined],
  ["organise", "POST", "/event/{n}/payments/none/confirm", {}],
  ["organise", "POST", "/event/{n}/payments/none/reject", {}],
  ["organise", "POST", "/event/{n}/payments/none/refund", {}],
  ["organise", "POST", "/event/{n}/payments/import/preview", {}],
  ["organise", "POST", "/event/{n}/payments/import", {}],
  ["organise", "POST", "/event/{n}/payments/lines/none/assign", {}],
  ["event.delete", "POST", "/event/{n}/delete", {}],
  ["organise", "GET", "/event/{n}/registrations", undefined],
  ["organise", "GET", "/event/{n}/registrations?format=csv", undefined],
  ["organise", "GET", "/event/{n}/insights", undefined],
  ["organise", "POST", "/event/{n}/announcements", {}],
  ["organise", "GET", "/event/{n}/announcement-audiences", undefined],
  ["organise", "POST", "/event/{n}/announcements/none", {}],
  ["organise", "POST", "/event/{n}/announcements/none/delete", {}],
  ["organise", "POST", "/event/{n}/rounds/0/results", { advancing: ["nobody"] }],
  ["organise", "GET", "/event/{n}/results/board", undefined],
  ["organise", "POST", "/event/{n}/winners", { winners: [{ rank: 99 }] }],
  ["organise", "GET", "/event/{n}/certificates", undefined],
  ["organise", "GET", "/event/{n}/certificates/pending", undefined],
  ["organise", "POST", "/event/{n}/certificates", {}],
  ["organise", "POST", "/event/{n}/certificates/none/revoke", {}],
  ["team.manage", "POST", "/event/{n}/organisers/invite", {}],
  ["team.manage", "POST", "/event/{n}/organisers/invites/none/cancel", {}],
  ["team.manage", "POST", "/event/{n}/organisers/{owner}", { role: "judge" }],
  ["team.manage", "POST", "/event/{n}/organisers/{owner}/remove", {}],
  ["team.read", "GET", "/event/{n}/organisers", undefined],
  ["check-in", "GET", "/event/{n}/check-in", undefined],
  ["check-in", "POST", "/event/{n}/check-in", {}],
  ["check-in", "GET", "/event/{n}/check-in/offline", undefined],
  ["check-in", "POST", "/event/{n}/check-in/sync", {}],
  ["check-in.undo", "POST", "/event/{n}/check-in/undo", {}],
  ["activity", "GET", "/event/{n}/activity", undefined],
  ["submissions", "GET", "/event/{n}/rounds/0/submissions", undefined],
  ["submissions", "GET", "/event/{n}/rounds/0/submissions.zip", undefined],
  ["judging.setup", "POST", "/event/{n}/rounds/0/judging", {}],
  ["judging.setup", "GET", "/event/{n}/rounds/0/judging", undefined],
  ["judging.setup", "POST", "/event/{n}/rounds/0/judging/open", {}],
  ["judging.setup", "POST", "/event/{n}/rounds/0/judging/close", {}],
  ["judging.setup", "POST", "/event/{n}/rounds/0/judging/judges", {}],
  ["score", "GET", "/event/{n}/rounds/0/judging/mine", undefined],
  ["score", "POST", "/event/{n}/rounds/0/submissions/none/score", {}],
  ["score", "POST", "/event/{n}/rounds/0/submissions/none/conflict", {}],
  ["leaderboard", "GET", "/event/{n}/rounds/0/leaderboard", undefined],
  ["quiz.setup", "GET", "/event/{n}/rounds/0/quiz", undefined],
  ["quiz.setup", "POST", "/event/{n}/rounds/0/quiz", {}],
  ["leaderboard", "GET", "/event/{n}/rounds/0/quiz/leaderboard", undefined],
];

/**
 * The calls of an event that are not the team's: anyone's, a registrant's, or (step 1) the
 * creation of a new event, where someone else's number answers 409 'number taken' (SPEC §7).
 */
const NOT_TEAM_CALLS = [
  "GET /event/details/:eventNumber",
  "POST /event/create/:eventNumber/step1",
  "GET /event/:eventNumber/announcements",
  "GET /event/:eventNumber/results",
  "GET /event/:eventNumber/registration",
  "POST /event/:eventNumber/register",
  "POST /event/:eventNumber/team/join",
  "GET /event/:eventNumber/team/preview",
  "POST /event/:eventNumber/team/leave",
  "POST /event/:eventNumber/unregister",
  "POST /event/:eventNumber/team/remove",
  "POST /event/:eventNumber/team/code",
  "GET /event/:eventNumber/teammates",
  "POST /event/:eventNumber/teammates",
  "POST /event/:eventNumber/teammates/remove",
  "GET /event/:eventNumber/team/requests",
  "POST /event/:eventNumber/team/requests/:requestId/accept",
  "POST /event/:eventNumber/team/requests/:requestId/decline",
  "POST /event/:eventNumber/team/:teamId/requests",
  "POST /event/:eventNumber/save",
  "POST /event/:eventNumber/unsave",
  "GET /event/:eventNumber/calendar.ics",
  "GET /event/:eventNumber/rounds/:index/submission",
  "POST /event/:eventNumber/rounds/:index/submission",
  "GET /event/:eventNumber/rounds/:index/submissions/:submissionId/file",
  "GET /event/:eventNumber/rounds/:index/feedback",
  "POST /event/:eventNumber/rounds/:index/quiz/start",
  "GET /event/:eventNumber/rounds/:index/quiz/status",
  "POST /event/:eventNumber/rounds/:index/quiz/answer",
  "POST /event/:eventNumber/rounds/:index/quiz/submit",
  "GET /event/:eventNumber/rounds/:index/quiz/result",
  "GET /event/:eventNumber/ticket",
  "GET /event/:eventNumber/payment",
  "POST /event/:eventNumber/payment/claim",
  "POST /event/:eventNumber/cancel-paid",
  "GET /event/:eventNumber/receipt",
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

describe("SPEC-3 §1: every call of an event is in the table or known not to be the team's", () => {
  it("the API's routes with an event number are CALLS and NOT_TEAM_CALLS, no more, no fewer", async () => {
    const t = await createTestApi();
    try {
      const asRoute = (path: string) =>
        path
          .replace(/\?.*$/, "")
          .replace("{n}", ":eventNumber")
          .replace(/\/(none|\{owner\})(?=\/|$)/g, "/:id")
          .replace(/\/0\//, "/:index/")
          .replace("step3/rounds", "step3/:section");
      const tested = new Set(CALLS.map(([, method, path]) => `${method} ${asRoute(path)}`));
      const routes = new Set(
        t.api.routes
          .filter(
            (r) => (r.method === "GET" || r.method === "POST") && r.path.includes(":eventNumber"),
          )
          .map(
            (r) =>
              `${r.method} ${r.path.replace("/api/v1", "").replace(/:(memberId|inviteId|submissionId|couponId|paymentId|lineId)/g, ":id")}`,
          ),
      );
      const known = new Set([
        ...tested,
        ...NOT_TEAM_CALLS.map((c) =>
          c.replace(/:(memberId|inviteId|submissionId|couponId|paymentId|lineId)/g, ":id"),
        ),
      ]);
      expect(
        [...routes].filter((r) => !known.has(r)),
        "routes of an event in no list",
      ).toEqual([]);
      expect(
        [...tested].filter((r) => !routes.has(r)),
        "listed calls the API lacks",
      ).toEqual([]);
    } finally {
      await t.close();
    }
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
    const draftId = await eventIdOf(t.deps, draft);
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
      // Unpublishing went through for the owner or an admin: published again for the next caller.
      await t.db
        .updateTable("events")
        .set({ status: "active" })
        .where("eventNumber", "=", n)
        .execute();
      const allowed = (TABLE[right] as string[]).includes(caller);
      const expected = caller === "out" ? 401 : allowed ? null : 403;
      const said = `${caller} ${method} ${path}`;
      if (expected) {
        expect(res.status, said).toBe(expected);
        if (expected === 403)
          expect([NOT_YOUR_EVENT, TEAM_MESSAGES.roleForbidden], said).toContain(
            (await res.json()).message,
          );
      } else {
        expect([401, 403], said).not.toContain(res.status);
        // A 404 here is for an unknown round, invitation or certificate, never the event.
        if (res.status === 404)
          expect((await res.json()).message, said).not.toBe("Event not found");
        // Read to the end: a streamed answer (the CSV) must not read the database after the test.
        else await res.arrayBuffer();
      }
    }
  });

  it("step 1 of an existing event: the owner and admins edit, a judge or volunteer gets 403, anyone else finds the number taken", async () => {
    const expected: Record<Caller, number> = {
      owner: 400,
      admin: 400,
      judge: 403,
      volunteer: 403,
      registrant: 409,
      stranger: 409,
      out: 401,
    };
    for (const caller of CALLERS) {
      const res = await send("POST", "/event/create/{n}/step1", {}, caller);
      expect(res.status, caller).toBe(expected[caller]);
      if (res.status === 409) expect((await res.json()).message).toBe(NUMBER_TAKEN);
    }
  });

  it("a refused caller's unreadable body answers 403 too (permission before any other rule)", async () => {
    for (const [right, method, path] of CALLS.filter(([, method]) => method === "POST")) {
      const caller = CALLERS.find((c) => c !== "out" && !(TABLE[right] as string[]).includes(c))!;
      const res = await t.request(path.replace("{n}", n).replace("{owner}", ownerId), {
        method,
        body: "{not json",
        headers: { "Content-Type": "application/json" },
        cookie: cookies[caller],
      });
      expect(res.status, `${caller} ${method} ${path}`).toBe(403);
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
