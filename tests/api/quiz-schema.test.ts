import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "#server/db/connect";
import { engines, freshDb } from "#tests/helpers/api";

const NOW = "2026-11-21T06:30:00.000Z";

/** Migration 0016_quiz on both engines: the keys that hold one attempt and one answer. */
describe.each(engines)("quiz tables (%s)", (engine) => {
  let h: Awaited<ReturnType<typeof freshDb>>;
  let eventId: number;

  beforeAll(async () => {
    h = await freshDb(engine);
    await h.db
      .insertInto("users")
      .values({ id: "u1", email: "u1@example.com", firstName: "U", createdAt: NOW, updatedAt: NOW })
      .execute();
    const row = await h.db
      .insertInto("events")
      .values({ eventNumber: "123456", madeBy: "u1", createdAt: NOW, updatedAt: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    eventId = row.id;
  });
  afterAll(() => h.drop());

  const attempt = (id: string, registrationId = "r1", roundId = "round-a") => ({
    id,
    eventId,
    roundId,
    registrationId,
    userId: "u1",
    startedAt: NOW,
    deadline: NOW,
  });

  it("one quiz per round", async () => {
    const quiz = {
      eventId,
      roundId: "round-a",
      timeLimitMinutes: 10,
      shuffle: 1,
      questions: "[]",
      updatedAt: NOW,
      updatedBy: "u1",
    };
    await h.db.insertInto("quizzes").values(quiz).execute();
    const err = await h.db
      .insertInto("quizzes")
      .values(quiz)
      .execute()
      .catch((e) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });

  it("one attempt per registration and round; another round or registration is another attempt", async () => {
    await h.db.insertInto("quizAttempts").values(attempt("a1")).execute();
    const err = await h.db
      .insertInto("quizAttempts")
      .values(attempt("a2"))
      .execute()
      .catch((e) => e);
    expect(isUniqueViolation(err)).toBe(true);
    await h.db.insertInto("quizAttempts").values(attempt("a3", "r2")).execute();
    await h.db
      .insertInto("quizAttempts")
      .values(attempt("a4", "r1", "round-b"))
      .execute();
    const rows = await h.db.selectFrom("quizAttempts").select("id").orderBy("id").execute();
    expect(rows.map((r) => r.id)).toEqual(["a1", "a3", "a4"]);
  });

  it("one answer per attempt and question, replaced by an upsert", async () => {
    const save = (answer: string) =>
      h.db
        .insertInto("quizAnswers")
        .values({ attemptId: "a1", questionId: "q1", answer, savedAt: NOW })
        .onConflict((oc) =>
          oc.columns(["attemptId", "questionId"]).doUpdateSet((eb) => ({
            answer: eb.ref("excluded.answer"),
          })),
        )
        .execute();
    await save('"0"');
    await save('"2"');
    const rows = await h.db.selectFrom("quizAnswers").selectAll().execute();
    expect(rows).toEqual([{ attemptId: "a1", questionId: "q1", answer: '"2"', savedAt: NOW }]);
    const err = await h.db
      .insertInto("quizAnswers")
      .values({ attemptId: "a1", questionId: "q1", answer: "1", savedAt: NOW })
      .execute()
      .catch((e) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });
});
