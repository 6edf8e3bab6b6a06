import { describe, expect, it } from "vitest";
import type { QuizQuestion } from "#server/contracts/quiz";
import { attemptQuestions, seededShuffle } from "./order";

const questions: QuizQuestion[] = Array.from({ length: 12 }, (_, i) => ({
  _id: `q${i}`,
  text: `Question ${i}`,
  type: "single",
  options: ["a", "b", "c", "d", "e", "f"],
  answer: i % 6,
  tolerance: 0,
  marks: 1,
  negativeMarks: 0,
}));

describe("the per-attempt order (SPEC-3 §4)", () => {
  it("is drawn from the attempt: the same attempt gives the same order every time", () => {
    const a = attemptQuestions(questions, true, "attempt-1");
    expect(attemptQuestions(questions, true, "attempt-1")).toEqual(a);
    expect(a.map((x) => x._id).sort()).toEqual(questions.map((x) => x._id).sort());
  });

  it("differs between attempts, for questions and for options", () => {
    const a = attemptQuestions(questions, true, "attempt-1");
    const b = attemptQuestions(questions, true, "attempt-2");
    expect(a.map((x) => x._id)).not.toEqual(b.map((x) => x._id));
    const optionsOf = (list: typeof a) =>
      list
        .slice()
        .sort((x, y) => x._id.localeCompare(y._id))
        .map((x) => x.options.map((o) => o._id).join(""));
    expect(optionsOf(a)).not.toEqual(optionsOf(b));
  });

  it("without shuffle keeps the organiser's order; options carry their index as _id", () => {
    const a = attemptQuestions(questions, false, "attempt-1");
    expect(a.map((x) => x._id)).toEqual(questions.map((x) => x._id));
    expect(a[0].options[2]).toEqual({ _id: "2", text: "c" });
  });

  // Negative marks are shown beside each question (issue 45); the answer and tolerance never are.
  it("never shows an answer or a tolerance", () => {
    for (const x of attemptQuestions(questions, true, "z")) {
      expect(Object.keys(x).sort()).toEqual([
        "_id",
        "marks",
        "negativeMarks",
        "options",
        "text",
        "type",
      ]);
    }
  });

  it("a seeded shuffle is a permutation", () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    expect(seededShuffle(items, "s").sort((x, y) => x - y)).toEqual(items);
  });
});
