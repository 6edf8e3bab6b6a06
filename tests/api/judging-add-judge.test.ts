import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, engines, outbox, type TestApi } from "#tests/helpers/api";
import { assignmentsOf, type JudgingEvent, judgingEvent, setupBody } from "#tests/helpers/judging";

/**
 * Issue 45: judges are mailed their count when judging opens (through the outbox, in the opening's
 * transaction), and 'Needs a judge' is no dead end: an organiser adds a judge to an open round,
 * who takes the submissions that need one. Under parallel requests too.
 */
describe.each(engines)("judges mailed, and added to an open round, on %s", (engine) => {
  let t: TestApi;
  let e: JudgingEvent;
  beforeEach(async () => {
    t = await createTestApi(engine);
    e = await judgingEvent(t, { submissions: 3, judges: 4 });
  });
  afterEach(() => t.close());

  const errorsOf = async (res: Response) => ({ status: res.status, ...(await res.json()) });
  const emailOf = async (id: string) =>
    (await t.db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow())
      .email;

  /** Judges 1 and 2 judge every submission; judge 1's conflict on the first leaves it short. */
  async function openWithShortSubmission() {
    const owner = e.call(e.owner);
    expect((await owner.post(`${e.round}/judging`, setupBody(e.judges.slice(0, 2)))).status).toBe(
      200,
    );
    expect((await owner.post(`${e.round}/judging/open`)).status).toBe(200);
    const sid = e.entrants[0]!.submissionId;
    expect((await e.call(e.judges[0]!).post(`${e.round}/submissions/${sid}/conflict`)).status).toBe(
      200,
    );
    const view = await (await owner.get(`${e.round}/judging`)).json();
    expect(view.needsJudge).toEqual([{ submissionId: sid, title: "Idea 1", judges: 1 }]);
    return sid;
  }

  it("opening mails each judge, with their number of submissions; a failed open mails nobody", async () => {
    const owner = e.call(e.owner);
    await owner.post(`${e.round}/judging`, setupBody(e.judges.slice(0, 3)));
    const before = (await outbox(t.db)).length;
    expect((await owner.post(`${e.round}/judging/open`)).status).toBe(200);
    // 3 submissions × 2 judges over 3 judges: 2 each.
    const mails = (await outbox(t.db)).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(
      (await Promise.all(e.judges.slice(0, 3).map((j) => emailOf(j.user.id)))).sort(),
    );
    for (const m of mails) {
      expect(m.subject).toContain("2 submissions to judge");
      expect(m.text).toContain("2 submissions are yours to score.");
      expect(m.text).toContain(`/my/event/${e.n}/judging/0`);
    }
    // Opening again is refused, and queues nothing.
    expect((await owner.post(`${e.round}/judging/open`)).status).toBe(409);
    expect(await outbox(t.db)).toHaveLength(before + 3);
  });

  it("a judge added to an open round takes the submission that needs one, and is mailed", async () => {
    const sid = await openWithShortSubmission();
    const before = (await outbox(t.db)).length;
    const third = e.judges[2]!;
    const res = await e.call(e.admin).post(`${e.round}/judging/judges`, { userId: third.user.id });
    expect(res.status).toBe(200);
    expect((await res.json()).judges).toEqual([
      e.judges[0]!.user.id,
      e.judges[1]!.user.id,
      third.user.id,
    ]);
    const queue = await (await e.call(third).get(`${e.round}/judging/mine`)).json();
    expect(queue.items.map((x: { submission: { _id: string } }) => x.submission._id)).toEqual([
      sid,
    ]);
    const view = await (await e.call(e.owner).get(`${e.round}/judging`)).json();
    expect(view.needsJudge).toEqual([]);
    expect(new Set((await assignmentsOf(t)).get(sid))).toEqual(
      new Set([e.judges[1]!.user.id, third.user.id]),
    );
    const mails = (await outbox(t.db)).slice(before);
    expect(mails.map((m) => m.to)).toEqual([await emailOf(third.user.id)]);
    expect(mails[0]!.text).toContain("You were added as a judge of round 1 (Ideas)");
    expect(mails[0]!.text).toContain("1 submission is yours to score.");
    // The new judge scores it like any other.
    const scored = await e
      .call(third)
      .post(`${e.round}/submissions/${sid}/score`, { scores: [7, 8], comment: "" });
    expect(scored.status).toBe(200);
  });

  it("refusals: not open, already a judge, not an organiser, not the caller's right", async () => {
    const owner = e.call(e.owner);
    const third = { userId: e.judges[2]!.user.id };
    await owner.post(`${e.round}/judging`, setupBody(e.judges.slice(0, 2)));
    expect(await errorsOf(await owner.post(`${e.round}/judging/judges`, third))).toEqual({
      status: 409,
      message: "A judge can be added only while judging is open",
    });
    await owner.post(`${e.round}/judging/open`);
    // Permission first: a judge may not add one, whatever the body.
    expect((await e.call(e.judges[0]!).post(`${e.round}/judging/judges`, {})).status).toBe(403);
    expect((await e.call(e.volunteer).post(`${e.round}/judging/judges`, third)).status).toBe(403);
    expect(await errorsOf(await owner.post(`${e.round}/judging/judges`, {}))).toMatchObject({
      status: 400,
      errors: { userId: ["Choose a judge"] },
    });
    expect(
      await errorsOf(
        await owner.post(`${e.round}/judging/judges`, { userId: e.volunteer.user.id }),
      ),
    ).toMatchObject({ status: 400, message: "Only organisers of this event can judge" });
    expect(
      await errorsOf(
        await owner.post(`${e.round}/judging/judges`, { userId: e.judges[0]!.user.id }),
      ),
    ).toEqual({ status: 409, message: "This person is already a judge of this round" });
    await owner.post(`${e.round}/judging/close`);
    expect(await errorsOf(await owner.post(`${e.round}/judging/judges`, third))).toEqual({
      status: 409,
      message: "A judge can be added only while judging is open",
    });
  });

  it("two judges added at once: the short submission gets exactly the one judge it needs", async () => {
    const sid = await openWithShortSubmission();
    const owner = e.call(e.owner);
    const answers = await Promise.all(
      [e.judges[2]!, e.judges[3]!].map((j) =>
        owner.post(`${e.round}/judging/judges`, { userId: j.user.id }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const judges = (await assignmentsOf(t)).get(sid)!;
    expect(judges).toHaveLength(2);
    expect(new Set(judges).size).toBe(2);
    expect(judges).not.toContain(e.judges[0]!.user.id);
    // One person added twice at once: one 200, one 409, one row.
    const u = await createTestApi(engine);
    try {
      const f = await judgingEvent(u, { submissions: 2, judges: 3 });
      await f.call(f.owner).post(`${f.round}/judging`, setupBody(f.judges.slice(0, 2)));
      await f.call(f.owner).post(`${f.round}/judging/open`);
      const twice = await Promise.all(
        [0, 1].map(() =>
          f.call(f.owner).post(`${f.round}/judging/judges`, { userId: f.judges[2]!.user.id }),
        ),
      );
      expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
      const rows = await u.db
        .selectFrom("judgingJudges")
        .selectAll()
        .where("userId", "=", f.judges[2]!.user.id)
        .execute();
      expect(rows).toHaveLength(1);
    } finally {
      await u.close();
    }
  });

  it("after a judge is added, a conflict can move a submission to them", async () => {
    const owner = e.call(e.owner);
    await owner.post(`${e.round}/judging`, setupBody(e.judges.slice(0, 2)));
    await owner.post(`${e.round}/judging/open`);
    await owner.post(`${e.round}/judging/judges`, { userId: e.judges[2]!.user.id });
    const sid = e.entrants[1]!.submissionId;
    expect((await e.call(e.judges[0]!).post(`${e.round}/submissions/${sid}/conflict`)).status).toBe(
      200,
    );
    expect(new Set((await assignmentsOf(t)).get(sid))).toEqual(
      new Set([e.judges[1]!.user.id, e.judges[2]!.user.id]),
    );
  });
});
