import { describe, expect, it } from "vitest";
import type { QuizQuestion } from "#server/contracts/quiz";
import { quizSetupSchema } from "#server/contracts/quiz";
import {
  maxScore,
  rankAttempts,
  rankOf,
  scoreAttempt,
  scoreQuestion,
  timeTakenSeconds,
} from "./scoring";

const q = (over: Partial<QuizQuestion>): QuizQuestion => ({
  _id: "q",
  text: "What?",
  type: "single",
  options: ["a", "b", "c"],
  answer: 1,
  tolerance: 0,
  marks: 4,
  negativeMarks: 1,
  ...over,
});

describe("quiz scoring (SPEC-3 §4)", () => {
  it("single: marks when right, minus negativeMarks when wrong, 0 when unanswered", () => {
    const single = q({});
    expect(scoreQuestion(single, "1")).toBe(4);
    expect(scoreQuestion(single, "2")).toBe(-1);
    expect(scoreQuestion(single, undefined)).toBe(0);
    expect(scoreQuestion(single, null)).toBe(0);
    // Not an option of the question: it does not count as an answer.
    expect(scoreQuestion(single, "7")).toBe(0);
  });

  it("multiple: marks only for exactly the right set, minus negativeMarks for any other non-empty set", () => {
    const multi = q({ type: "multiple", options: ["a", "b", "c", "d"], answer: [0, 2] });
    expect(scoreQuestion(multi, ["2", "0"])).toBe(4);
    expect(scoreQuestion(multi, ["0"])).toBe(-1);
    expect(scoreQuestion(multi, ["0", "2", "3"])).toBe(-1);
    expect(scoreQuestion(multi, ["1"])).toBe(-1);
    expect(scoreQuestion(multi, [])).toBe(0);
  });

  it("number: marks within tolerance (float noise aside), minus negativeMarks outside", () => {
    const num = q({
      type: "number",
      options: [],
      answer: 1.0,
      tolerance: 0.1,
      marks: 2,
      negativeMarks: 2,
    });
    expect(scoreQuestion(num, 1.1)).toBe(2);
    expect(scoreQuestion(num, 0.9)).toBe(2);
    expect(scoreQuestion(num, 1.2)).toBe(-2);
    const exact = q({ type: "number", options: [], answer: 42, tolerance: 0, negativeMarks: 0 });
    expect(scoreQuestion(exact, 42)).toBe(4);
    expect(scoreQuestion(exact, 42.5)).toBe(0);
  });

  it("the total may be negative; maxScore sums the marks", () => {
    const qs = [q({ _id: "a" }), q({ _id: "b", negativeMarks: 3 })];
    expect(scoreAttempt(qs, { a: "0", b: "2" })).toBe(-4);
    expect(scoreAttempt(qs, { a: "1" })).toBe(4);
    expect(maxScore(qs)).toBe(8);
  });
});

describe("quiz ranking", () => {
  const base = { startedAt: "2026-11-21T06:00:00.000Z", deadline: "2026-11-21T06:10:00.000Z" };
  it("score descending, then time taken ascending; unsubmitted time is deadline − startedAt", () => {
    const rows = rankAttempts([
      {
        ...base,
        registrationId: "slow",
        name: "S",
        score: 5,
        submittedAt: "2026-11-21T06:08:00.000Z",
      },
      { ...base, registrationId: "never", name: "N", score: 5, submittedAt: null },
      {
        ...base,
        registrationId: "fast",
        name: "F",
        score: 5,
        submittedAt: "2026-11-21T06:02:00.000Z",
      },
      {
        ...base,
        registrationId: "best",
        name: "B",
        score: 9,
        submittedAt: "2026-11-21T06:09:59.000Z",
      },
      {
        ...base,
        registrationId: "neg",
        name: "X",
        score: -3,
        submittedAt: "2026-11-21T06:00:10.000Z",
      },
    ]);
    expect(rows.map((r) => r.registrationId)).toEqual(["best", "fast", "slow", "never", "neg"]);
    expect(rows.find((r) => r.registrationId === "never")?.timeTakenSeconds).toBe(600);
    expect(rows.find((r) => r.registrationId === "fast")?.timeTakenSeconds).toBe(120);
    expect(rankOf(rows, "slow")).toBe(3);
  });

  it("a submit in the grace after the deadline counts as at the deadline", () => {
    expect(timeTakenSeconds({ ...base, submittedAt: "2026-11-21T06:10:20.000Z" })).toBe(600);
  });
});

describe("the builder's schema", () => {
  const question = { text: "Two plus two?", type: "number", answer: 4 };
  const errors = (input: unknown) => {
    const r = quizSetupSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes a quiz with defaults: shuffle true, tolerance 0, marks 1, negativeMarks 0", () => {
    const r = quizSetupSchema.parse({ timeLimitMinutes: 10, questions: [question] });
    expect(r.shuffle).toBe(true);
    expect(r.questions[0]).toMatchObject({ tolerance: 0, marks: 1, negativeMarks: 0 });
  });

  it("reads a form's strings as numbers and 'false' as no shuffle", () => {
    const r = quizSetupSchema.parse({
      timeLimitMinutes: "15",
      shuffle: "false",
      questions: [
        {
          text: "Pick two",
          type: "multiple",
          options: ["a", "b", "c"],
          answer: ["0", "2"],
          marks: "3",
        },
      ],
    });
    expect(r).toMatchObject({ timeLimitMinutes: 15, shuffle: false });
    expect(r.questions[0]).toMatchObject({ answer: [0, 2], marks: 3 });
  });

  it("gives each of the spec's messages", () => {
    expect(errors({ timeLimitMinutes: 0, questions: [question] })).toEqual([
      "timeLimitMinutes: Time limit must be between 1 and 180 minutes",
    ]);
    expect(errors({ timeLimitMinutes: 181, questions: [question] })).toEqual([
      "timeLimitMinutes: Time limit must be between 1 and 180 minutes",
    ]);
    expect(errors({ timeLimitMinutes: 5, questions: [] })).toEqual([
      "questions: Add at least one question",
    ]);
    expect(errors({ timeLimitMinutes: 5, questions: Array(101).fill(question) })).toEqual([
      "questions: At most 100 questions",
    ]);
    expect(errors({ timeLimitMinutes: 5, questions: [{ ...question, text: "ab" }] })).toEqual([
      "questions.0.text: Question is required",
    ]);
    expect(
      errors({
        timeLimitMinutes: 5,
        questions: [{ text: "Pick", type: "single", options: ["a"], answer: 0 }],
      }),
    ).toEqual(["questions.0.options: At least 2 options"]);
    expect(
      errors({
        timeLimitMinutes: 5,
        questions: [
          { text: "Pick", type: "single", options: ["a", "b", "c", "d", "e", "f", "g"], answer: 0 },
        ],
      }),
    ).toEqual(["questions.0.options: At most 6 options"]);
    for (const bad of [
      { type: "single", options: ["a", "b"] },
      { type: "single", options: ["a", "b"], answer: 2 },
      { type: "multiple", options: ["a", "b"], answer: [] },
      { type: "number" },
    ])
      expect(errors({ timeLimitMinutes: 5, questions: [{ text: "Pick", ...bad }] })).toEqual([
        "questions.0.answer: Answer is required",
      ]);
    expect(
      errors({ timeLimitMinutes: 5, questions: [{ ...question, marks: 2, negativeMarks: 3 }] }),
    ).toEqual(["questions.0.negativeMarks: Negative marks must be between 0 and the marks"]);
    expect(errors({ timeLimitMinutes: 5, questions: [{ ...question, tolerance: -1 }] })).toEqual([
      "questions.0.tolerance: Tolerance cannot be negative",
    ]);
  });
});
