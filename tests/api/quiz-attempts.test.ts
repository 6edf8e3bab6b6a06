import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { MINUTE, quizEvent, registered, start, team } from "#tests/helpers/quiz";
import { as } from "#tests/helpers/registration";

const iso = (ms: number) => new Date(ms).toISOString();

/** SPEC-3 §4: starting, resuming, answering, the server's deadline and its grace, submitting. */
describe.each(engines)("quiz attempts on %s", (engine) => {
  let t: TestApi;
  const NOW = "2026-11-21T06:30:00.000Z";
  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
  });
  beforeEach(() => t.clock.set(NOW));
  afterAll(() => t.close());

  it("start: the attempt without answers; starting again returns the same order, answers and deadline", async () => {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart + MINUTE));
    // Before the clock starts, the status tells how long, how many and that wrong answers cost.
    expect(await (await as(t, s.cookie).get(`${w.path}/status`)).json()).toMatchObject({
      state: "none",
      brief: { timeLimitMinutes: 30, questions: 4, maxScore: 10, negativeMarks: true },
    });
    const first = await start(t, w, s);
    expect(Object.keys(first).sort()).toEqual([
      "answers",
      "attemptId",
      "deadline",
      "questions",
      "startedAt",
      "submittedAt",
    ]);
    expect(first).toMatchObject({
      startedAt: iso(w.roundStart + MINUTE),
      deadline: iso(w.roundStart + 31 * MINUTE),
      answers: {},
      submittedAt: null,
    });
    expect(first.questions.map((q) => q._id).sort()).toEqual(["qm", "qn", "qs", "qz"]);
    const single = first.questions.find((q) => q._id === "qs")!;
    expect(single.options.map((o) => o.text).sort()).toEqual(["Mumbai", "New Delhi", "Pune"]);
    expect(single.marks).toBe(4);
    // What a wrong answer costs is the question's rule, shown beside it; 0 when it costs nothing.
    expect(single.negativeMarks).toBe(1);
    expect(first.questions.find((q) => q._id === "qz")!.negativeMarks).toBe(0);
    const delhi = single.options.find((o) => o.text === "New Delhi")!._id;
    const saved = await as(t, s.cookie).post(`${w.path}/answer`, {
      questionId: "qs",
      answer: delhi,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ savedAt: iso(w.roundStart + MINUTE) });
    t.clock.advance(5 * MINUTE);
    const again = await start(t, w, s);
    expect(again).toEqual({ ...first, answers: { qs: delhi } });
  });

  it("a quiz round with an attempt has started: it cannot be removed or re-kinded (SPEC-3 §2)", async () => {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    const details = async () =>
      (await (await as(t, w.org.cookie).get(`/event/details/${w.eventNumber}`)).json()).rounds;
    const save = (rounds: unknown[]) =>
      t.request(`/event/create/${w.eventNumber}/step3/rounds`, {
        method: "POST",
        json: { rounds },
        cookie: w.org.cookie,
      });
    const [warmUp, quiz] = await details();
    t.clock.set(iso(w.roundStart + MINUTE));
    await start(t, w, s);
    for (const rounds of [[warmUp], [warmUp, { ...quiz, kind: "offline" }]]) {
      const res = await save(rounds);
      expect([res.status, (await res.json()).message]).toEqual([
        409,
        "This round has started and cannot be removed or changed",
      ]);
    }
  });

  it("the deadline is the round's end when that comes before start + the time limit", async () => {
    const w = await quizEvent(t, { quiz: { timeLimitMinutes: 180 } });
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart + 10 * MINUTE));
    expect((await start(t, w, s)).deadline).toBe(iso(w.roundEnd));
  });

  it("refuses those who may not take part, in §2's order", async () => {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    const [outsider] = await registered(t, await quizEvent(t), 1, "O");
    const early = await as(t, s.cookie).post(`${w.path}/start`);
    expect([early.status, (await early.json()).message]).toEqual([
      409,
      "This round has not started yet",
    ]);
    t.clock.set(iso(w.roundStart + MINUTE));
    const stranger = await as(t, outsider.cookie).post(`${w.path}/start`);
    expect([stranger.status, (await stranger.json()).message]).toEqual([
      403,
      "Only registered participants can take part",
    ]);
    t.clock.set(iso(w.roundEnd + 1000));
    const late = await as(t, s.cookie).post(`${w.path}/start`);
    expect([late.status, (await late.json()).message]).toEqual([409, "This round is closed"]);
    const offline = await as(t, s.cookie).post(`/event/${w.eventNumber}/rounds/0/quiz/start`);
    expect([offline.status, (await offline.json()).message]).toEqual([
      409,
      "This round is not a quiz",
    ]);
    expect((await t.request(`${w.path}/start`, { method: "POST" })).status).toBe(401);
  });

  it("an incomplete team may not start: 409 'Your team needs {k} more to take part'", async () => {
    const w = await quizEvent(t, { team: true });
    const [lead] = await team(t, w, 1, "Lone Wolves");
    t.clock.set(iso(w.roundStart + MINUTE));
    const res = await as(t, lead.cookie).post(`${w.path}/start`);
    expect([res.status, (await res.json()).message]).toEqual([
      409,
      "Your team needs 1 more to take part",
    ]);
    const status = await (await as(t, lead.cookie).get(`${w.path}/status`)).json();
    expect(status).toMatchObject({ reason: "incomplete-team", state: "none" });
  });

  it("a team has one attempt: the first member holds it, the others are told who", async () => {
    const w = await quizEvent(t, { team: true });
    const [lead, mate] = await team(t, w, 2, "Night Owls");
    t.clock.set(iso(w.roundStart + MINUTE));
    await start(t, w, mate);
    const res = await as(t, lead.cookie).post(`${w.path}/start`);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      `Your team's quiz was started by ${mate.user.firstName}`,
    );
    const answer = await as(t, lead.cookie).post(`${w.path}/answer`, {
      questionId: "qn",
      answer: 3,
    });
    expect(answer.status).toBe(409);
    const status = await (await as(t, lead.cookie).get(`${w.path}/status`)).json();
    expect(status).toMatchObject({ state: "started", startedBy: mate.user.firstName });
  });

  it("answers: 400 'Unknown question'; counted up to 30 s after the deadline, then 409 'Time is up' and nothing changes", async () => {
    const w = await quizEvent(t, { quiz: { timeLimitMinutes: 10 } });
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart));
    const attempt = await start(t, w, s);
    const post = (body: unknown) => as(t, s.cookie).post(`${w.path}/answer`, body);
    const unknown = await post({ questionId: "nope", answer: 1 });
    expect([unknown.status, (await unknown.json()).message]).toEqual([400, "Unknown question"]);
    expect((await post({ questionId: "qn", answer: "3" })).status).toBe(400);
    t.clock.set(iso(Date.parse(attempt.deadline) + 30_000));
    expect((await post({ questionId: "qn", answer: 6.02 })).status).toBe(200);
    t.clock.advance(1);
    const late = await post({ questionId: "qn", answer: 99 });
    expect([late.status, (await late.json()).message]).toEqual([409, "Time is up"]);
    const lateSubmit = await as(t, s.cookie).post(`${w.path}/submit`, { answers: { qz: 299792 } });
    expect([lateSubmit.status, (await lateSubmit.json()).message]).toEqual([409, "Time is up"]);
    const rows = await t.db
      .selectFrom("quizAnswers")
      .select(["questionId", "answer"])
      .where("attemptId", "=", attempt.attemptId)
      .execute();
    expect(rows).toEqual([{ questionId: "qn", answer: "6.02" }]);
  });

  it("submit: optional answers saved with it; then 409 'This quiz is already submitted' to answers and submits", async () => {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart + MINUTE));
    const attempt = await start(t, w, s);
    const wrongCity = attempt.questions
      .find((q) => q._id === "qs")!
      .options.find((o) => o.text === "Pune")!._id;
    t.clock.advance(MINUTE);
    const res = await as(t, s.cookie).post(`${w.path}/submit`, {
      answers: { qs: wrongCity, qm: ["0", "2"] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ submittedAt: iso(w.roundStart + 2 * MINUTE) });
    for (const [path, body] of [
      ["answer", { questionId: "qs", answer: wrongCity }],
      ["submit", {}],
    ] as const) {
      const again = await as(t, s.cookie).post(`${w.path}/${path}`, body);
      expect([again.status, (await again.json()).message]).toEqual([
        409,
        "This quiz is already submitted",
      ]);
    }
    const resumed = await start(t, w, s);
    expect(resumed.submittedAt).toBe(iso(w.roundStart + 2 * MINUTE));
    expect(resumed.answers).toEqual({ qs: wrongCity, qm: ["0", "2"] });
    expect(await (await as(t, s.cookie).get(`${w.path}/status`)).json()).toMatchObject({
      state: "submitted",
    });
    // A submit with no body at all is accepted too (another person's attempt).
    const [other] = await registered(t, w, 1, "N");
    await start(t, w, other);
    expect(
      (await t.request(`${w.path}/submit`, { method: "POST", cookie: other.cookie })).status,
    ).toBe(200);
  });

  it("results: 409 before the round's end; after it score, maxScore, rank, of and each question with both answers, to every team member", async () => {
    const w = await quizEvent(t, { team: true });
    const owls = await team(t, w, 2, "Night Owls");
    const larks = await team(t, w, 2, "Early Larks");
    t.clock.set(iso(w.roundStart));
    const a = await start(t, w, owls[0]);
    const optionOf = (text: string) =>
      a.questions.find((q) => q._id === "qs")!.options.find((o) => o.text === text)!._id;
    // Owls: single right (+4), multiple wrong (−1), number within tolerance (+3), last unanswered: 6.
    t.clock.advance(4 * MINUTE);
    await as(t, owls[0].cookie).post(`${w.path}/submit`, {
      answers: { qs: optionOf("New Delhi"), qm: ["0"], qn: 6.03 },
    });
    // Larks: everything wrong: −1 −1 −2 −0 = −4; never submitted.
    const b = await start(t, w, larks[1]);
    const pune = b.questions
      .find((q) => q._id === "qs")!
      .options.find((o) => o.text === "Pune")!._id;
    await as(t, larks[1].cookie).post(`${w.path}/answer`, { questionId: "qs", answer: pune });
    await as(t, larks[1].cookie).post(`${w.path}/submit`, { answers: { qm: ["1"], qn: 2, qz: 1 } });
    const early = await as(t, owls[1].cookie).get(`${w.path}/result`);
    expect([early.status, (await early.json()).message]).toEqual([
      409,
      "Results are shown when the round closes",
    ]);
    t.clock.set(iso(w.roundEnd));
    const mine = await (await as(t, owls[1].cookie).get(`${w.path}/result`)).json();
    expect(mine).toMatchObject({ score: 6, maxScore: 10, rank: 1, of: 2 });
    expect(mine.questions.find((q: { _id: string }) => q._id === "qn")).toMatchObject({
      correct: 6.02214,
      tolerance: 0.0123,
      given: 6.03,
      score: 3,
    });
    expect(mine.questions.find((q: { _id: string }) => q._id === "qm")).toMatchObject({
      correct: ["0", "2"],
      given: ["0"],
      score: -1,
    });
    const theirs = await (await as(t, larks[0].cookie).get(`${w.path}/result`)).json();
    expect(theirs).toMatchObject({ score: -4, rank: 2, of: 2 });
    const board = await (await as(t, w.org.cookie).get(`${w.path}/leaderboard`)).json();
    expect(board.map((r: { name: string; score: number }) => [r.name, r.score])).toEqual([
      ["Night Owls", 6],
      ["Early Larks", -4],
    ]);
    expect(board[0]).toEqual({
      registrationId: expect.any(String),
      name: "Night Owls",
      score: 6,
      timeTakenSeconds: 240,
      submittedAt: iso(w.roundStart + 4 * MINUTE),
    });
    expect((await as(t, owls[0].cookie).get(`${w.path}/leaderboard`)).status).toBe(403);
  });
});
