import { describe, expect, it } from "vitest";
import { judgingSetupSchema, scoreSchema } from "./judging";

/** Field → messages of a failed parse, for exact comparison. */
function errorsOf(schema: typeof judgingSetupSchema | typeof scoreSchema, input: unknown) {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join(".");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const good = {
  criteria: [{ name: "Idea", weight: 3 }],
  judges: ["u1", "u2"],
};

describe("judgingSetupSchema (SPEC-3 §3 set-up, messages to the letter)", () => {
  it("accepts a set-up and defaults judgesPerSubmission to 2, or 1 with one judge", () => {
    expect(judgingSetupSchema.parse(good)).toEqual({
      ...good,
      judgesPerSubmission: 2,
      blind: false,
      shareFeedback: false,
    });
    expect(judgingSetupSchema.parse({ ...good, judges: ["u1"] }).judgesPerSubmission).toBe(1);
  });

  it("reads form values: numbers as text, checkboxes as 'on'", () => {
    const r = judgingSetupSchema.parse({
      criteria: [{ name: "Idea", weight: "4" }],
      judges: ["u1", "u2", "u3"],
      judgesPerSubmission: "3",
      blind: "on",
      shareFeedback: "true",
    });
    expect(r).toMatchObject({ judgesPerSubmission: 3, blind: true, shareFeedback: true });
    expect(r.criteria[0].weight).toBe(4);
  });

  it("criteria: 1 to 8", () => {
    expect(errorsOf(judgingSetupSchema, { ...good, criteria: [] })).toEqual({
      criteria: ["Add at least one criterion"],
    });
    expect(errorsOf(judgingSetupSchema, { ...good, criteria: undefined })).toEqual({
      criteria: ["Add at least one criterion"],
    });
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `Criterion ${i}`, weight: 1 }));
    expect(errorsOf(judgingSetupSchema, { ...good, criteria: nine })).toEqual({
      criteria: ["At most 8 criteria"],
    });
  });

  it("a criterion's name: required, 3 to 40 characters", () => {
    const name = (n: unknown) =>
      errorsOf(judgingSetupSchema, { ...good, criteria: [{ name: n, weight: 1 }] });
    expect(name("")).toEqual({ "criteria.0.name": ["Criterion name is required"] });
    expect(name("   ")).toEqual({ "criteria.0.name": ["Criterion name is required"] });
    expect(name(undefined)).toEqual({ "criteria.0.name": ["Criterion name is required"] });
    expect(name("ab")).toEqual({ "criteria.0.name": ["Minimum 3 characters required"] });
    expect(name("x".repeat(41))).toEqual({ "criteria.0.name": ["Maximum 40 characters"] });
    expect(name("x".repeat(40))).toEqual({});
  });

  it("a criterion's weight: a whole number 1 to 10", () => {
    const weight = (w: unknown) =>
      errorsOf(judgingSetupSchema, { ...good, criteria: [{ name: "Idea", weight: w }] });
    for (const w of [0, 11, 2.5, "x", undefined, -1])
      expect(weight(w), String(w)).toEqual({
        "criteria.0.weight": ["Weight must be between 1 and 10"],
      });
    expect(weight(1)).toEqual({});
    expect(weight(10)).toEqual({});
  });

  it("judges: at least one; judgesPerSubmission 1 to 5 and at most the judges", () => {
    expect(errorsOf(judgingSetupSchema, { ...good, judges: [] })).toEqual({
      judges: ["Choose at least one judge"],
    });
    expect(errorsOf(judgingSetupSchema, { ...good, judges: undefined })).toEqual({
      judges: ["Choose at least one judge"],
    });
    expect(errorsOf(judgingSetupSchema, { ...good, judgesPerSubmission: 3 })).toEqual({
      judgesPerSubmission: ["Not enough judges"],
    });
    const six = ["a", "b", "c", "d", "e", "f"];
    expect(errorsOf(judgingSetupSchema, { ...good, judges: six, judgesPerSubmission: 6 })).toEqual({
      judgesPerSubmission: ["Judges per submission must be between 1 and 5"],
    });
    expect(errorsOf(judgingSetupSchema, { ...good, judgesPerSubmission: 0 })).toEqual({
      judgesPerSubmission: ["Judges per submission must be between 1 and 5"],
    });
    // The same judge twice counts once: one judge cannot fill two places.
    expect(
      errorsOf(judgingSetupSchema, { ...good, judges: ["u1", "u1"], judgesPerSubmission: 2 }),
    ).toEqual({ judgesPerSubmission: ["Not enough judges"] });
  });
});

describe("scoreSchema (SPEC-3 §3 scoring)", () => {
  it("whole numbers 1 to 10", () => {
    expect(scoreSchema.parse({ scores: [1, "10"] })).toEqual({ scores: [1, 10], comment: "" });
    for (const s of [0, 11, 7.5, "x", null])
      expect(errorsOf(scoreSchema, { scores: [5, s] }), String(s)).toEqual({
        "scores.1": ["Score each criterion from 1 to 10"],
      });
    expect(errorsOf(scoreSchema, { scores: [] })).toEqual({
      scores: ["Score each criterion from 1 to 10"],
    });
  });
  it("a comment up to 1,000 characters", () => {
    expect(errorsOf(scoreSchema, { scores: [5], comment: "x".repeat(1001) })).toEqual({
      comment: ["Maximum 1000 characters"],
    });
    expect(scoreSchema.parse({ scores: [5], comment: "x".repeat(1000) }).comment).toHaveLength(
      1000,
    );
  });
});
