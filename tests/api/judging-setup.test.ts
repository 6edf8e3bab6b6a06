import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { assignmentsOf, type JudgingEvent, judgingEvent, setupBody } from "#tests/helpers/judging";
import { startedRoundIds } from "#server/services/rounds/started";
import { createUserWithSession } from "#tests/helpers/users";

const DAY = 86_400_000;

/** SPEC-3 §3: setting up, opening and closing judging; who may; the assignment made at opening. */
describe.each(engines)("judging set-up, opening and closing on %s", (engine) => {
  let t: TestApi;
  let e: JudgingEvent;
  beforeEach(async () => {
    t = await createTestApi(engine);
    e = await judgingEvent(t, { submissions: 7, judges: 3 });
  });
  afterEach(() => t.close());

  const errorsOf = async (res: Response) => ({ status: res.status, ...(await res.json()) });

  it("only the owner and admins set up, read, open and close judging and read the leaderboard", async () => {
    const outsider = await createUserWithSession(t.deps, { firstName: "Out" });
    const entrant = e.entrants[0];
    for (const who of [e.judges[0], e.volunteer, outsider, entrant]) {
      const c = e.call(who);
      // 403 whatever the body: permission comes before validation.
      expect((await c.post(`${e.round}/judging`, { criteria: [] })).status).toBe(403);
      expect((await c.get(`${e.round}/judging`)).status).toBe(403);
      expect((await c.post(`${e.round}/judging/open`)).status).toBe(403);
      expect((await c.post(`${e.round}/judging/close`)).status).toBe(403);
      expect((await c.get(`${e.round}/leaderboard`)).status).toBe(403);
    }
    expect((await t.request(`${e.round}/judging`)).status).toBe(401);
    expect((await t.request(`${e.round}/judging`, { method: "POST", json: {} })).status).toBe(401);
    const admin = e.call(e.admin);
    expect((await admin.post(`${e.round}/judging`, setupBody(e.judges))).status).toBe(200);
    expect((await admin.get(`${e.round}/judging`)).status).toBe(200);
    expect((await e.call(e.owner).get(`${e.round}/leaderboard`)).status).toBe(200);
  });

  it("404 for an unknown event or round, 409 for a round that takes no submissions", async () => {
    const owner = e.call(e.owner);
    expect((await owner.get("/event/99999/rounds/0/judging")).status).toBe(404);
    expect((await owner.get(`/event/${e.n}/rounds/7/judging`)).status).toBe(404);
    expect((await owner.get(`/event/${e.n}/rounds/x/judging`)).status).toBe(404);
    const offline = await owner.post(`/event/${e.n}/rounds/1/judging`, setupBody(e.judges));
    expect(await errorsOf(offline)).toEqual({
      status: 409,
      message: "This round does not take submissions",
    });
    // Not set up yet.
    expect(await errorsOf(await owner.get(`${e.round}/judging`))).toEqual({
      status: 404,
      message: "Judging is not set up for this round",
    });
  });

  it("set-up: the owner, admins and judges may judge; a volunteer or an outsider may not", async () => {
    const owner = e.call(e.owner);
    const outsider = await createUserWithSession(t.deps);
    for (const who of [e.volunteer, outsider]) {
      const res = await owner.post(`${e.round}/judging`, setupBody([e.judges[0], who]));
      expect(await errorsOf(res)).toEqual({
        status: 400,
        message: "Only organisers of this event can judge",
        errors: { judges: ["Only organisers of this event can judge"] },
      });
    }
    const res = await owner.post(`${e.round}/judging`, setupBody([e.owner, e.admin, e.judges[2]]));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      roundIndex: 0,
      roundId: "rndSubmit001",
      criteria: [
        { name: "Idea", weight: 3 },
        { name: "Build", weight: 1 },
      ],
      judges: [e.owner.user.id, e.admin.user.id, e.judges[2].user.id],
      judgesPerSubmission: 2,
      blind: false,
      shareFeedback: false,
      state: "setup",
      openedAt: null,
      closedAt: null,
    });
  });

  it("set-up messages reach the form exactly", async () => {
    const owner = e.call(e.owner);
    const res = await owner.post(`${e.round}/judging`, {
      criteria: [{ name: "ab", weight: 11 }],
      judges: [e.judges[0].user.id],
      judgesPerSubmission: 2,
    });
    expect(await errorsOf(res)).toMatchObject({
      status: 400,
      errors: {
        "criteria.0.name": ["Minimum 3 characters required"],
        "criteria.0.weight": ["Weight must be between 1 and 10"],
      },
    });
    const none = await owner.post(`${e.round}/judging`, { criteria: [], judges: [] });
    expect((await errorsOf(none)).errors).toEqual({
      criteria: ["Add at least one criterion"],
      judges: ["Choose at least one judge"],
    });
    const few = await owner.post(
      `${e.round}/judging`,
      setupBody([e.judges[0]], { judgesPerSubmission: 2 }),
    );
    expect((await errorsOf(few)).errors).toEqual({ judgesPerSubmission: ["Not enough judges"] });
    // One judge: judgesPerSubmission defaults to 1.
    const one = await owner.post(`${e.round}/judging`, setupBody([e.judges[0]]));
    expect((await one.json()).judgesPerSubmission).toBe(1);
  });

  it("changes until judging opens, then 409 'Judging has already opened'", async () => {
    const owner = e.call(e.owner);
    await owner.post(`${e.round}/judging`, setupBody(e.judges));
    const again = await owner.post(
      `${e.round}/judging`,
      setupBody(e.judges.slice(0, 2), { blind: true, shareFeedback: true, judgesPerSubmission: 1 }),
    );
    expect(await again.json()).toMatchObject({
      judges: e.judges.slice(0, 2).map((j) => j.user.id),
      judgesPerSubmission: 1,
      blind: true,
      shareFeedback: true,
    });
    expect(await t.db.selectFrom("judgings").select("id").execute()).toHaveLength(1);
    expect((await owner.post(`${e.round}/judging/open`)).status).toBe(200);
    expect(await errorsOf(await owner.post(`${e.round}/judging`, setupBody(e.judges)))).toEqual({
      status: 409,
      message: "Judging has already opened",
    });
    expect(await errorsOf(await owner.post(`${e.round}/judging/open`))).toEqual({
      status: 409,
      message: "Judging has already opened",
    });
  });

  it("a round with judging set up has started: it cannot be removed, moved or re-kinded", async () => {
    const u = await createTestApi(engine);
    try {
      const empty = await judgingEvent(u, { submissions: 0, judges: 1 });
      expect(await startedRoundIds(u.db, empty.event.id)).toEqual(new Set());
      await empty.call(empty.owner).post(`${empty.round}/judging`, setupBody(empty.judges));
      expect(await startedRoundIds(u.db, empty.event.id)).toEqual(new Set(["rndSubmit001"]));
    } finally {
      await u.close();
    }
  });

  it("opens only after the round's endDate", async () => {
    const owner = e.call(e.owner);
    expect(await errorsOf(await owner.post(`${e.round}/judging/open`))).toEqual({
      status: 404,
      message: "Judging is not set up for this round",
    });
    await owner.post(`${e.round}/judging`, setupBody(e.judges));
    t.clock.advance(-2 * DAY); // the round ends a day from now
    expect(await errorsOf(await owner.post(`${e.round}/judging/open`))).toEqual({
      status: 409,
      message: "Judging opens after the round closes",
    });
    expect(await t.db.selectFrom("judgingAssignments").selectAll().execute()).toEqual([]);
  });

  it("opening assigns 7 submissions to 3 judges, 2 each: different judges, counts 5, 5, 4", async () => {
    const owner = e.call(e.owner);
    await owner.post(`${e.round}/judging`, setupBody(e.judges));
    const opened = await owner.post(`${e.round}/judging/open`);
    expect(await opened.json()).toMatchObject({
      state: "open",
      openedAt: t.clock.now().toISOString(),
    });
    const byJudge = await assignmentsOf(t);
    expect([...byJudge.keys()].sort()).toEqual(e.entrants.map((x) => x.submissionId).sort());
    for (const judges of byJudge.values()) {
      expect(judges).toHaveLength(2);
      expect(new Set(judges).size).toBe(2);
    }
    const view = await (await owner.get(`${e.round}/judging`)).json();
    expect(view.progress).toEqual({
      assigned: 14,
      scored: 0,
      judges: e.judges.map((j, i) => ({
        userId: j.user.id,
        firstName: `Judge${i + 1}`,
        lastName: "Member",
        // Submissions in the order they came: J1,J2 · J3,J1 · J2,J3 · J1,J2 · J3,J1 · J2,J3 · J1,J2
        assigned: [5, 5, 4][i],
        scored: 0,
      })),
    });
    expect(view.needsJudge).toEqual([]);
  });

  it("more judges than submissions: every submission gets its judges, counts within one", async () => {
    const u = await createTestApi(engine);
    try {
      const small = await judgingEvent(u, { submissions: 2, judges: 5 });
      const owner = small.call(small.owner);
      await owner.post(
        `${small.round}/judging`,
        setupBody(small.judges, { judgesPerSubmission: 2 }),
      );
      expect((await owner.post(`${small.round}/judging/open`)).status).toBe(200);
      const view = await (await owner.get(`${small.round}/judging`)).json();
      expect(view.progress.judges.map((j: { assigned: number }) => j.assigned)).toEqual([
        1, 1, 1, 1, 0,
      ]);
      for (const judges of (await assignmentsOf(u)).values()) expect(new Set(judges).size).toBe(2);
    } finally {
      await u.close();
    }
  });

  it("two opens at once assign once: one 200, one 409", async () => {
    const owner = e.call(e.owner);
    await owner.post(`${e.round}/judging`, setupBody(e.judges));
    const answers = await Promise.all([
      owner.post(`${e.round}/judging/open`),
      owner.post(`${e.round}/judging/open`),
      owner.post(`${e.round}/judging/open`),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await t.db.selectFrom("judgingAssignments").selectAll().execute()).toHaveLength(14);
  });

  it("closes once open; the log records saved, opened and closed", async () => {
    const owner = e.call(e.owner);
    await owner.post(`${e.round}/judging`, setupBody(e.judges));
    expect(await errorsOf(await owner.post(`${e.round}/judging/close`))).toEqual({
      status: 409,
      message: "Judging has not opened",
    });
    await e.call(e.admin).post(`${e.round}/judging/open`);
    const closed = await owner.post(`${e.round}/judging/close`);
    expect(await closed.json()).toMatchObject({
      state: "closed",
      closedAt: t.clock.now().toISOString(),
    });
    expect(await errorsOf(await owner.post(`${e.round}/judging/close`))).toEqual({
      status: 409,
      message: "Judging is closed",
    });
    const { items } = await (await owner.get(`/event/${e.n}/activity`)).json();
    expect(items.map((i: { action: string; summary: string }) => [i.action, i.summary])).toEqual([
      ["judging.closed", "Owner Singh closed judging of round 1"],
      ["judging.opened", "Admin Member opened judging of round 1: 7 submissions, 3 judges"],
      ["judging.saved", "Owner Singh set up judging of round 1"],
    ]);
  });
});
