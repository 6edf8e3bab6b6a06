import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { QUIZ_MESSAGES } from "#server/contracts/quiz";
import { countStatements, createTestApi, engines, type TestApi } from "#tests/helpers/api";
import {
  MINUTE,
  type Person,
  type QuizWorld,
  quizEvent,
  registered,
  start,
  team,
} from "#tests/helpers/quiz";
import { as } from "#tests/helpers/registration";

const iso = (ms: number) => new Date(ms).toISOString();
const NOW = "2026-11-21T06:30:00.000Z";

/**
 * SPEC-3 §4's answers after the first take one statement (answer-statement.ts): it must save
 * exactly what the full path saves and refuse exactly what it refuses, whatever the process
 * remembers of the quiz.
 */
describe.each(engines)("a quiz answer in one statement on %s", (engine) => {
  let t: TestApi;
  let statements: ReturnType<typeof countStatements>;
  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
    statements = countStatements(t);
  });
  beforeEach(() => t.clock.set(NOW));
  afterAll(() => t.close());

  const answer = (w: QuizWorld, p: Person, questionId: string, value: unknown) =>
    as(t, p.cookie).post(`${w.path}/answer`, { questionId, answer: value });
  const saved = (eventId: number) =>
    t.db
      .selectFrom("quizAnswers as x")
      .innerJoin("quizAttempts as a", "a.id", "x.attemptId")
      .select(["a.userId", "x.questionId", "x.answer"])
      .where("a.eventId", "=", eventId)
      .orderBy("x.questionId")
      .execute();
  async function started() {
    const w = await quizEvent(t);
    const [s] = await registered(t, w, 1);
    t.clock.set(iso(w.roundStart + MINUTE));
    await start(t, w, s!);
    expect((await answer(w, s!, "qn", 6)).status).toBe(200);
    return { w, s: s! };
  }

  it("after the first answer, each answer is one statement (the session checked in it) and saved", async () => {
    const { w, s } = await started();
    statements.reset();
    const res = await answer(w, s, "qz", 299792);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ savedAt: iso(w.roundStart + MINUTE) });
    expect(statements.count()).toBe(1);
    statements.reset();
    expect((await answer(w, s, "qn", 7)).status).toBe(200);
    expect(statements.count()).toBe(1);
    expect(await saved(w.eventId)).toEqual([
      { userId: s.user.id, questionId: "qn", answer: "7" },
      { userId: s.user.id, questionId: "qz", answer: "299792" },
    ]);
  });

  it("a session that ended, or none: 401 and nothing written", async () => {
    const { w, s } = await started();
    await t.db
      .updateTable("sessions")
      .set({ expiresAt: iso(Date.parse(NOW) - MINUTE) })
      .where("userId", "=", s.user.id)
      .execute();
    expect((await answer(w, s, "qz", 1)).status).toBe(401);
    const none = await t.request(`${w.path}/answer`, {
      json: { questionId: "qz", answer: 1 },
    });
    expect(none.status).toBe(401);
    expect(await saved(w.eventId)).toEqual([{ userId: s.user.id, questionId: "qn", answer: "6" }]);
  });

  it("a start and a submit read the session with the quiz: two statements each, the usual refusals kept", async () => {
    const w = await quizEvent(t);
    const [s, other] = await registered(t, w, 2);
    t.clock.set(iso(w.roundStart + MINUTE));
    statements.reset();
    const first = await as(t, s!.cookie).post(`${w.path}/start`);
    expect(first.status).toBe(200);
    // The read (session, event, registration, quiz, attempt) and the attempt's insert (with its
    // finishing job: one statement on PostgreSQL, two in a transaction on SQLite).
    expect(statements.count()).toBe(engine === "postgres" ? 2 : 3);
    statements.reset();
    const again = await as(t, s!.cookie).post(`${w.path}/start`);
    expect((await again.json()).attemptId).toBe((await first.json()).attemptId);
    // The read, and the answers saved so far.
    expect(statements.count()).toBe(2);
    statements.reset();
    expect((await as(t, s!.cookie).post(`${w.path}/submit`, {})).status).toBe(200);
    expect(statements.count()).toBe(2);
    // No session, a session that ended, an unknown event, a round that is not a quiz: as before.
    expect((await t.request(`${w.path}/start`, { method: "POST" })).status).toBe(401);
    await t.db
      .updateTable("sessions")
      .set({ expiresAt: iso(Date.parse(NOW) - MINUTE) })
      .where("userId", "=", other!.user.id)
      .execute();
    expect((await as(t, other!.cookie).post(`${w.path}/start`)).status).toBe(401);
    expect((await as(t, other!.cookie).post(`${w.path}/submit`, {})).status).toBe(401);
    const [third] = await registered(t, w, 1, "T");
    const unknown = await as(t, third!.cookie).post("/event/999999999/rounds/0/quiz/start");
    expect(unknown.status).toBe(404);
    const notStarted = await as(t, third!.cookie).post(`${w.path}/submit`, {});
    expect(notStarted.status).toBe(409);
    const attempts = await t.db
      .selectFrom("quizAttempts")
      .select(["userId", "submittedAt"])
      .where("eventId", "=", w.eventId)
      .execute();
    expect(attempts).toEqual([{ userId: s!.user.id, submittedAt: iso(w.roundStart + MINUTE) }]);
  });

  it("a teammate's attempt: 409 'started by' and nothing written", async () => {
    const w = await quizEvent(t, { team: true });
    const [lead, mate] = await team(t, w, 2);
    t.clock.set(iso(w.roundStart + MINUTE));
    await start(t, w, lead!);
    expect((await answer(w, lead!, "qn", 6)).status).toBe(200);
    const res = await answer(w, mate!, "qz", 1);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(QUIZ_MESSAGES.startedBy(lead!.user.firstName));
    expect((await saved(w.eventId)).map((r) => r.questionId)).toEqual(["qn"]);
  });

  it("past the deadline's grace, or submitted: 409 as the full path says, nothing written", async () => {
    const { w, s } = await started();
    t.clock.set(iso(w.roundStart + 31 * MINUTE + 31_000));
    const late = await answer(w, s, "qz", 1);
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe(QUIZ_MESSAGES.timeUp);
    const other = await started();
    expect((await as(t, other.s.cookie).post(`${other.w.path}/submit`, {})).status).toBe(200);
    const after = await answer(other.w, other.s, "qz", 1);
    expect(after.status).toBe(409);
    expect((await after.json()).message).toBe(QUIZ_MESSAGES.submitted);
    expect((await saved(w.eventId)).map((r) => r.answer)).toEqual(["6"]);
    expect((await saved(other.w.eventId)).map((r) => r.answer)).toEqual(["6"]);
  });

  it("a remembered quiz out of date is not trusted: rounds reordered, event unpublished", async () => {
    const { w, s } = await started();
    // Round 1 (the quiz) moved to index 0: index 1 now names the offline round.
    const { rounds } = await t.db
      .selectFrom("events")
      .select("rounds")
      .where("id", "=", w.eventId)
      .executeTakeFirstOrThrow();
    const swapped = JSON.stringify((JSON.parse(rounds!) as unknown[]).reverse());
    await t.db.updateTable("events").set({ rounds: swapped }).where("id", "=", w.eventId).execute();
    const wrongRound = await answer(w, s, "qz", 1);
    expect(wrongRound.status).toBe(409);
    const moved = { ...w, path: w.path.replace(/\/rounds\/1\//, "/rounds/0/") };
    expect((await answer(moved, s, "qz", 2)).status).toBe(200);
    await t.db.updateTable("events").set({ status: "draft" }).where("id", "=", w.eventId).execute();
    expect((await answer(moved, s, "qz", 3)).status).toBe(404);
    expect((await saved(w.eventId)).map((r) => [r.questionId, r.answer])).toEqual([
      ["qn", "6"],
      ["qz", "2"],
    ]);
  });

  it("an answer the quiz does not take: 400 as the full path says, nothing written", async () => {
    const { w, s } = await started();
    const unknown = await answer(w, s, "nope", 1);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe(QUIZ_MESSAGES.unknownQuestion);
    expect((await answer(w, s, "qn", "3")).status).toBe(400);
    expect((await saved(w.eventId)).map((r) => r.answer)).toEqual(["6"]);
  });
});
