import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { assignmentsOf, type JudgingEvent, judgingEvent, setupBody } from "#tests/helpers/judging";

/** SPEC-3 §3: a judge's queue, scoring and conflicts. */
describe.each(engines)("judges scoring on %s", (engine) => {
  let t: TestApi;
  let e: JudgingEvent;
  beforeEach(async () => {
    t = await createTestApi(engine);
    e = await judgingEvent(t, { submissions: 7, judges: 3, team: true });
  });
  afterEach(() => t.close());

  const errorsOf = async (res: Response) => ({ status: res.status, ...(await res.json()) });
  async function open(extra: Record<string, unknown> = {}, judges = e.judges) {
    const owner = e.call(e.owner);
    expect((await owner.post(`${e.round}/judging`, setupBody(judges, extra))).status).toBe(200);
    expect((await owner.post(`${e.round}/judging/open`)).status).toBe(200);
  }
  /** The submissions assigned to a judge, from the database. */
  async function assignedTo(judge: number): Promise<string[]> {
    const all = await assignmentsOf(t);
    return [...all].filter(([, js]) => js.includes(e.judges[judge].user.id)).map(([s]) => s);
  }
  const mine = async (judge: number) =>
    (await e.call(e.judges[judge]).get(`${e.round}/judging/mine`)).json();
  const score = (judge: number, sid: string, body: unknown) =>
    e.call(e.judges[judge]).post(`${e.round}/submissions/${sid}/score`, body);

  it("a judge's queue holds what is assigned to them, in the order it came, without e-mail or phone", async () => {
    await open();
    const queue = await mine(0);
    expect(queue.criteria).toEqual([
      { name: "Idea", weight: 3 },
      { name: "Build", weight: 1 },
    ]);
    // Judge 1 has submissions 1, 2, 4, 5, 7 (see the set-up test's order).
    expect(queue.items.map((i: { submission: { title: string } }) => i.submission.title)).toEqual([
      "Idea 1",
      "Idea 2",
      "Idea 4",
      "Idea 5",
      "Idea 7",
    ]);
    expect(queue.items[0].myScore).toBeNull();
    expect(queue.items[0].submission.name).toMatch(/^Team /);
    const text = JSON.stringify(queue);
    expect(text).not.toContain("@example.com");
    expect(text).not.toContain("9876543210");
  });

  it("the round's judges download its submissions' files; a judge of no round, a volunteer get 404", async () => {
    const sid = e.entrants[0].submissionId;
    await t.storage.put("deck-key.pdf", new TextEncoder().encode("%PDF-1.4 deck"));
    await t.db
      .insertInto("uploads")
      .values({
        key: "deck-key.pdf",
        contentType: "application/pdf",
        size: 13,
        kind: "submission",
        createdAt: "2026-11-20T00:00:00.000Z",
      })
      .execute();
    await t.db
      .updateTable("submissions")
      .set({ fileKey: "deck-key.pdf", fileName: "deck.pdf", fileSize: 13 })
      .where("id", "=", sid)
      .execute();
    await open({}, e.judges.slice(0, 2));
    const item = (await mine(0)).items.find(
      (i: { submission: { _id: string } }) => i.submission._id === sid,
    );
    const url = item.submission.file.url.replace(/^\/api\/v1/, "");
    const download = (who: { cookie: string }) => t.request(url, { cookie: who.cookie });
    expect((await download(e.judges[0])).status).toBe(200);
    expect((await download(e.judges[1])).status).toBe(200);
    expect((await download(e.judges[2])).status).toBe(404); // a judge, but not chosen for this round
    expect((await download(e.volunteer)).status).toBe(404);
  });

  it("blind judging hides the names", async () => {
    await open({ blind: true });
    const queue = await mine(1);
    expect(queue.blind).toBe(true);
    for (const item of queue.items) {
      expect(item.submission.name).toBeNull();
      expect(item.submission.updatedBy).toBeNull();
    }
    expect(JSON.stringify(queue)).not.toMatch(/Team |Entrant/);
  });

  it("only the round's judges have a queue; before opening it is empty", async () => {
    const owner = e.call(e.owner);
    await owner.post(`${e.round}/judging`, setupBody(e.judges.slice(0, 2)));
    expect((await mine(0)).items).toEqual([]);
    // The owner (not chosen), a judge not chosen, a volunteer, an entrant.
    expect(await errorsOf(await owner.get(`${e.round}/judging/mine`))).toEqual({
      status: 403,
      message: "You are not a judge of this round",
    });
    expect((await e.call(e.judges[2]).get(`${e.round}/judging/mine`)).status).toBe(403);
    expect((await e.call(e.volunteer).get(`${e.round}/judging/mine`)).status).toBe(403);
    expect((await e.call(e.entrants[0]).get(`${e.round}/judging/mine`)).status).toBe(403);
  });

  it("the owner scores when chosen as a judge", async () => {
    await open({}, [e.owner, e.judges[0]]);
    const sid = e.entrants[0].submissionId;
    const res = await e
      .call(e.owner)
      .post(`${e.round}/submissions/${sid}/score`, { scores: [5, 5] });
    expect(res.status).toBe(200);
  });

  it("scores: one whole number 1 to 10 per criterion, a comment up to 1000; 403 when not assigned", async () => {
    await open();
    const own = await assignedTo(0);
    const foreign = e.entrants.map((x) => x.submissionId).find((s) => !own.includes(s)) ?? "";
    expect(await errorsOf(await score(0, foreign, { scores: [5, 5] }))).toEqual({
      status: 403,
      message: "This submission is not assigned to you",
    });
    expect(await errorsOf(await score(0, "nope", { scores: [5, 5] }))).toMatchObject({
      status: 403,
    });
    expect(await errorsOf(await score(0, own[0], { scores: [5] }))).toEqual({
      status: 400,
      message: "Score each criterion from 1 to 10",
      errors: { scores: ["Score each criterion from 1 to 10"] },
    });
    expect(await errorsOf(await score(0, own[0], { scores: [5, 11] }))).toMatchObject({
      status: 400,
      errors: { "scores.1": ["Score each criterion from 1 to 10"] },
    });
    expect(
      await errorsOf(await score(0, own[0], { scores: [5, 5], comment: "x".repeat(1001) })),
    ).toMatchObject({
      status: 400,
      errors: { comment: ["Maximum 1000 characters"] },
    });
    const saved = await score(0, own[0], { scores: [6, 2], comment: "Clear idea" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      submissionId: own[0],
      scores: [6, 2],
      comment: "Clear idea",
      weighted: 5, // (6·3 + 2·1) / 4
      updatedAt: t.clock.now().toISOString(),
    });
  });

  it("a score changes until judging closes; a judge sees their own score and never another's", async () => {
    await open();
    // Submission 1 has judges 1 and 2.
    const sid = e.entrants[0].submissionId;
    expect((await score(0, sid, { scores: [6, 2] })).status).toBe(200);
    t.clock.advance(60_000);
    expect((await score(0, sid, { scores: [3, 4], comment: "On second thought" })).status).toBe(
      200,
    );
    expect(await t.db.selectFrom("judgingScores").select(["scores", "comment"]).execute()).toEqual([
      { scores: "[3,4]", comment: "On second thought" },
    ]);
    const first = (await mine(0)).items.find(
      (i: { submission: { _id: string } }) => i.submission._id === sid,
    );
    expect(first.myScore).toMatchObject({ scores: [3, 4], weighted: 3.25 }); // (9 + 4) / 4
    const second = (await mine(1)).items.find(
      (i: { submission: { _id: string } }) => i.submission._id === sid,
    );
    expect(second.myScore).toBeNull();
    expect(JSON.stringify(await mine(1))).not.toContain("On second thought");
    await e.call(e.owner).post(`${e.round}/judging/close`);
    expect(await errorsOf(await score(0, sid, { scores: [9, 9] }))).toEqual({
      status: 409,
      message: "Judging is closed",
    });
  });

  it("two saves of one score at once keep one score", async () => {
    await open();
    const sid = e.entrants[0].submissionId;
    const answers = await Promise.all([
      score(0, sid, { scores: [1, 1] }),
      score(0, sid, { scores: [2, 2] }),
      score(0, sid, { scores: [3, 3] }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await t.db.selectFrom("judgingScores").selectAll().execute()).toHaveLength(1);
  });

  it("a conflict moves the submission to the judge without it who has the fewest", async () => {
    await open();
    // Submission 1: judges 1 and 2; judge 3 has 4 assignments, the fewest. Judge 1 scored it first.
    const sid = e.entrants[0].submissionId;
    await score(0, sid, { scores: [7, 7] });
    const res = await e.call(e.judges[0]).post(`${e.round}/submissions/${sid}/conflict`);
    expect(res.status).toBe(200);
    expect((await assignmentsOf(t)).get(sid)?.sort()).toEqual(
      [e.judges[1].user.id, e.judges[2].user.id].sort(),
    );
    // Their score went with it; they cannot score it or declare again.
    expect(await t.db.selectFrom("judgingScores").selectAll().execute()).toEqual([]);
    expect((await score(0, sid, { scores: [7, 7] })).status).toBe(403);
    expect((await e.call(e.judges[0]).post(`${e.round}/submissions/${sid}/conflict`)).status).toBe(
      403,
    );
    const view = await (await e.call(e.owner).get(`${e.round}/judging`)).json();
    expect(view.progress.judges.map((j: { assigned: number }) => j.assigned)).toEqual([4, 5, 5]);
    expect(view.needsJudge).toEqual([]);
  });

  it("a conflict with no free judge leaves fewer judges and 'Needs a judge'; never given back", async () => {
    await open();
    const sid = e.entrants[0].submissionId; // judges 1 and 2
    await e.call(e.judges[0]).post(`${e.round}/submissions/${sid}/conflict`); // → judge 3
    // Judge 3 declares too: judge 1 declared, judge 2 has it: nobody is free.
    expect((await e.call(e.judges[2]).post(`${e.round}/submissions/${sid}/conflict`)).status).toBe(
      200,
    );
    expect((await assignmentsOf(t)).get(sid)).toEqual([e.judges[1].user.id]);
    const view = await (await e.call(e.owner).get(`${e.round}/judging`)).json();
    expect(view.needsJudge).toEqual([{ submissionId: sid, title: "Idea 1", judges: 1 }]);
    // Judge 2 declares as well: no judge left, and neither 1 nor 3 gets it back.
    await e.call(e.judges[1]).post(`${e.round}/submissions/${sid}/conflict`);
    expect((await assignmentsOf(t)).get(sid)).toBeUndefined();
    const after = await (await e.call(e.owner).get(`${e.round}/judging`)).json();
    expect(after.needsJudge).toEqual([{ submissionId: sid, title: "Idea 1", judges: 0 }]);
    expect(await t.db.selectFrom("judgingConflicts").selectAll().execute()).toHaveLength(3);
  });

  it("conflicts declared at once by two judges of one submission keep it with different judges", async () => {
    const u = await createTestApi(engine);
    try {
      const big = await judgingEvent(u, { submissions: 3, judges: 4 });
      const owner = big.call(big.owner);
      await owner.post(`${big.round}/judging`, setupBody(big.judges));
      await owner.post(`${big.round}/judging/open`);
      // Submission 1: judges 1 and 2; judges 3 and 4 are free.
      const sid = big.entrants[0].submissionId;
      const answers = await Promise.all(
        [0, 1].map((j) => big.call(big.judges[j]).post(`${big.round}/submissions/${sid}/conflict`)),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const judges = (await assignmentsOf(u)).get(sid) ?? [];
      expect(judges.sort()).toEqual([big.judges[2].user.id, big.judges[3].user.id].sort());
    } finally {
      await u.close();
    }
  });
});
