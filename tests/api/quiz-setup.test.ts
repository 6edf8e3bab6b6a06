import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { QUESTIONS, quizEvent, registered } from "#tests/helpers/quiz";
import { as } from "#tests/helpers/registration";
import { addToTeam } from "#tests/helpers/team";

/** SPEC-3 §4 set-up: owner and admins only, every message exact, locked once the round starts. */
describe.each(engines)("quiz set-up on %s", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());

  it("the owner and an admin save and read the quiz with answers; judges, volunteers and registrants get 403", async () => {
    const w = await quizEvent(t, { quiz: null });
    const admin = await addToTeam(t.deps, w.eventId, "admin");
    const judge = await addToTeam(t.deps, w.eventId, "judge");
    const volunteer = await addToTeam(t.deps, w.eventId, "volunteer");
    const [student] = await registered(t, w, 1);
    const body = { timeLimitMinutes: 20, questions: QUESTIONS };
    for (const p of [judge, volunteer, student]) {
      expect((await as(t, p.cookie).post(w.path, body)).status).toBe(403);
      expect((await as(t, p.cookie).get(w.path)).status).toBe(403);
    }
    expect((await t.request(w.path)).status).toBe(401);
    const res = await as(t, admin.cookie).post(w.path, body);
    expect(res.status).toBe(200);
    const quiz = await res.json();
    expect(quiz).toMatchObject({ timeLimitMinutes: 20, shuffle: true });
    expect(quiz.questions[0]).toEqual({
      _id: "qs",
      text: "Capital of India?",
      type: "single",
      options: ["Mumbai", "New Delhi", "Pune"],
      answer: 1,
      tolerance: 0,
      marks: 4,
      negativeMarks: 1,
    });
    expect(quiz.questions[2]).toMatchObject({
      type: "number",
      options: [],
      answer: 6.02214,
      tolerance: 0.0123,
    });
    const read = await as(t, w.org.cookie).get(w.path);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(quiz);
  });

  it("gives new questions an _id and keeps the ones sent back", async () => {
    const w = await quizEvent(t);
    const res = await as(t, w.org.cookie).post(w.path, {
      timeLimitMinutes: 5,
      shuffle: false,
      questions: [
        QUESTIONS[0],
        { text: "New one?", type: "single", options: ["x", "y"], answer: 0 },
      ],
    });
    const quiz = await res.json();
    expect(quiz.shuffle).toBe(false);
    expect(quiz.questions[0]._id).toBe("qs");
    expect(quiz.questions[1]._id).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });

  it("answers 400 with the spec's messages", async () => {
    const w = await quizEvent(t);
    const post = (body: unknown) => as(t, w.org.cookie).post(w.path, body);
    const cases: [unknown, string, string][] = [
      [
        { timeLimitMinutes: 0, questions: QUESTIONS },
        "timeLimitMinutes",
        "Time limit must be between 1 and 180 minutes",
      ],
      [
        { timeLimitMinutes: 181, questions: QUESTIONS },
        "timeLimitMinutes",
        "Time limit must be between 1 and 180 minutes",
      ],
      [{ timeLimitMinutes: 10, questions: [] }, "questions", "Add at least one question"],
      [
        { timeLimitMinutes: 10, questions: Array(101).fill(QUESTIONS[0]) },
        "questions",
        "At most 100 questions",
      ],
      [
        { timeLimitMinutes: 10, questions: [{ ...QUESTIONS[0], text: "" }] },
        "questions.0.text",
        "Question is required",
      ],
      [
        { timeLimitMinutes: 10, questions: [{ ...QUESTIONS[0], options: ["a"], answer: 0 }] },
        "questions.0.options",
        "At least 2 options",
      ],
      [
        {
          timeLimitMinutes: 10,
          questions: [{ ...QUESTIONS[0], options: ["a", "b", "c", "d", "e", "f", "g"] }],
        },
        "questions.0.options",
        "At most 6 options",
      ],
      [
        { timeLimitMinutes: 10, questions: [{ ...QUESTIONS[0], answer: 3 }] },
        "questions.0.answer",
        "Answer is required",
      ],
      [
        { timeLimitMinutes: 10, questions: [{ ...QUESTIONS[1], answer: [] }] },
        "questions.0.answer",
        "Answer is required",
      ],
      [
        { timeLimitMinutes: 10, questions: [{ ...QUESTIONS[2], answer: undefined }] },
        "questions.0.answer",
        "Answer is required",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.errors[field]).toEqual([message]);
    }
  });

  it("is locked from the round's startDate: 409 'The quiz cannot be changed after the round starts'", async () => {
    const w = await quizEvent(t);
    t.clock.set(new Date(w.roundStart).toISOString());
    try {
      const res = await as(t, w.org.cookie).post(w.path, {
        timeLimitMinutes: 10,
        questions: QUESTIONS,
      });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe("The quiz cannot be changed after the round starts");
      // Reading it stays open to the team.
      expect((await as(t, w.org.cookie).get(w.path)).status).toBe(200);
    } finally {
      t.clock.set(new Date(w.roundStart - 3_600_000).toISOString());
    }
  });

  it("404 for an unknown round, 409 'This round is not a quiz' for another kind", async () => {
    const w = await quizEvent(t);
    const body = { timeLimitMinutes: 10, questions: QUESTIONS };
    const offline = await as(t, w.org.cookie).post(`/event/${w.eventNumber}/rounds/0/quiz`, body);
    expect(offline.status).toBe(409);
    expect((await offline.json()).message).toBe("This round is not a quiz");
    expect(
      (await as(t, w.org.cookie).post(`/event/${w.eventNumber}/rounds/7/quiz`, body)).status,
    ).toBe(404);
  });

  it("records 'quiz.saved' in the activity log", async () => {
    const w = await quizEvent(t);
    const { items } = await (
      await as(t, w.org.cookie).get(`/event/${w.eventNumber}/activity`)
    ).json();
    expect(items[0]).toMatchObject({
      action: "quiz.saved",
      summary: "Owner Org saved the quiz of round 2: 4 questions",
      actor: { role: "owner" },
    });
  });
});
