import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { type JudgingEvent, judgingEvent, setupBody } from "#tests/helpers/judging";
import { createUserWithSession } from "#tests/helpers/users";

/** SPEC-3 §3: the leaderboard's numbers over the API, and feedback to registrants. */
describe.each(engines)("the leaderboard and feedback on %s", (engine) => {
  let t: TestApi;
  let e: JudgingEvent;
  beforeEach(async () => {
    t = await createTestApi(engine);
    // Two judges, two per submission: both judge all four submissions.
    e = await judgingEvent(t, { submissions: 4, judges: 2 });
  });
  afterEach(() => t.close());

  const errorsOf = async (res: Response) => ({ status: res.status, ...(await res.json()) });
  const board = async () => {
    const res = await e.call(e.owner).get(`${e.round}/leaderboard`);
    expect(res.status).toBe(200);
    return res.json();
  };
  async function scoreAll(extra: Record<string, unknown> = {}) {
    const owner = e.call(e.owner);
    await owner.post(`${e.round}/judging`, setupBody(e.judges, extra));
    await owner.post(`${e.round}/judging/open`);
    const [s1, s2, s3] = e.entrants.map((x) => x.submissionId);
    const [a, b] = e.judges.map((j) => e.call(j));
    const given: [typeof a, string, number[], string?][] = [
      [a, s1, [6, 2], "Clear idea"], // A: 5, 4, 3 → mean 4, sd √(2/3)
      [a, s2, [4, 4]],
      [a, s3, [2, 6], "Needs work"],
      [b, s1, [9, 9]], // B: 9, 9, 7 → mean 8.3333, sd 0.942809
      [b, s2, [10, 6], "Lovely"],
      [b, s3, [8, 4]],
    ];
    for (const [who, sid, scores, comment] of given) {
      const res = await who.post(`${e.round}/submissions/${sid}/score`, { scores, comment });
      expect(res.status).toBe(200);
    }
  }

  it("before judging opens every row is unscored, in the order they came", async () => {
    const rows = await board();
    expect(rows.map((r: { submission: { title: string } }) => r.submission.title)).toEqual([
      "Idea 1",
      "Idea 2",
      "Idea 3",
      "Idea 4",
    ]);
    expect(rows[0]).toMatchObject({
      judges: 0,
      mean: null,
      normalised: null,
      spread: null,
      scores: [],
    });
    expect(rows[0].submission).toMatchObject({ name: "Entrant1 Rao", title: "Idea 1" });
  });

  it("rows best first with the numbers worked out by hand; the unscored submission last", async () => {
    await scoreAll();
    const rows = await board();
    // s1: A 5, B 9 → mean 7, spread 2; z: A (5 − 4)/0.816497 = 1.224745, B (9 − 8.3333)/0.942809
    //     = 0.707107 → normalised 0.965926 → 0.97
    // s2: A 4, B 9 → mean 6.5, spread 2.5; z: A 0, B 0.707107 → 0.353553 → 0.35
    // s3: A 3, B 7 → mean 5, spread 2; z: A −1.224745, B −1.414214 → −1.319479 → −1.32
    expect(
      rows.map(
        (r: {
          submission: { title: string };
          judges: number;
          mean: number;
          spread: number;
          normalised: number;
        }) => [r.submission.title, r.judges, r.mean, r.spread, r.normalised],
      ),
    ).toEqual([
      ["Idea 1", 2, 7, 2, 0.97],
      ["Idea 2", 2, 6.5, 2.5, 0.35],
      ["Idea 3", 2, 5, 2, -1.32],
      ["Idea 4", 0, null, null, null],
    ]);
    expect(rows[0].scores).toEqual([
      { judge: { firstName: "Judge1", lastName: "Member" }, weighted: 5, comment: "Clear idea" },
      { judge: { firstName: "Judge2", lastName: "Member" }, weighted: 9, comment: "" },
    ]);
  });

  it("feedback: 409 before judging closes or without shareFeedback; then the mean and the comments", async () => {
    await scoreAll({ shareFeedback: true });
    const [first, second] = e.entrants;
    const feedback = (who: typeof first) => e.call(who).get(`${e.round}/feedback`);
    expect(await errorsOf(await feedback(first))).toEqual({
      status: 409,
      message: "Feedback is not shared for this round",
    });
    await e.call(e.owner).post(`${e.round}/judging/close`);
    expect(await (await feedback(first)).json()).toEqual({ mean: 7, comments: ["Clear idea"] });
    expect(await (await feedback(second)).json()).toEqual({ mean: 6.5, comments: ["Lovely"] });
    // Unscored: nothing to share yet.
    expect(await (await feedback(e.entrants[3])).json()).toEqual({ mean: null, comments: [] });
    const outsider = await createUserWithSession(t.deps);
    expect((await e.call(outsider).get(`${e.round}/feedback`)).status).toBe(403);
    expect((await t.request(`${e.round}/feedback`)).status).toBe(401);
  });

  it("/my/registrations carries shared feedback once judging closes, and only then", async () => {
    await scoreAll({ shareFeedback: true });
    const [first] = e.entrants;
    const mine = async () => {
      const res = await e.call(first).get("/my/registrations");
      expect(res.status).toBe(200);
      const items = (await res.json()) as {
        event: { eventNumber: string };
        sharedFeedback: unknown;
      }[];
      return items.find((item) => item.event.eventNumber === e.n)?.sharedFeedback;
    };
    expect(await mine()).toEqual([]);
    await e.call(e.owner).post(`${e.round}/judging/close`);
    expect(await mine()).toEqual([{ index: 0, title: "Ideas", mean: 7, comments: ["Clear idea"] }]);
    // Another registrant's comments never show here.
    const fourth = await e.call(e.entrants[3]).get("/my/registrations");
    const items = (await fourth.json()) as { sharedFeedback: unknown }[];
    expect(items[0]?.sharedFeedback).toEqual([
      { index: 0, title: "Ideas", mean: null, comments: [] },
    ]);
  });

  it("feedback of a round that does not share it stays 409 after closing", async () => {
    await scoreAll();
    await e.call(e.owner).post(`${e.round}/judging/close`);
    expect(await errorsOf(await e.call(e.entrants[0]).get(`${e.round}/feedback`))).toEqual({
      status: 409,
      message: "Feedback is not shared for this round",
    });
    const res = await e.call(e.entrants[0]).get("/my/registrations");
    expect(((await res.json()) as { sharedFeedback: unknown }[])[0]?.sharedFeedback).toEqual([]);
  });
});
