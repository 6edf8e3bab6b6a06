import { describe, expect, it } from "vitest";
import { type Assignment, assignJudges, replacementJudge } from "./assign";

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

function countsOf(assignments: Assignment[], judges: string[]) {
  return judges.map((j) => assignments.filter((a) => a.judgeId === j).length);
}
function judgesOf(assignments: Assignment[], submissionId: string) {
  return assignments.filter((a) => a.submissionId === submissionId).map((a) => a.judgeId);
}

describe("assignJudges (SPEC-3 §3: balanced, different judges)", () => {
  it("7 submissions, 3 judges, 2 per submission: worked out by hand", () => {
    const out = assignJudges(ids("s", 7), ["J1", "J2", "J3"], 2);
    // Each submission takes the two judges with the fewest so far, ties to the earlier judge:
    // s1: loads 0,0,0 → J1,J2   s2: 1,1,0 → J3,J1   s3: 2,1,1 → J2,J3   s4: 2,2,2 → J1,J2
    // s5: 3,3,2 → J3,J1   s6: 4,3,3 → J2,J3   s7: 4,4,4 → J1,J2
    expect(ids("s", 7).map((s) => judgesOf(out, s))).toEqual([
      ["J1", "J2"],
      ["J3", "J1"],
      ["J2", "J3"],
      ["J1", "J2"],
      ["J3", "J1"],
      ["J2", "J3"],
      ["J1", "J2"],
    ]);
    // 7 × 2 = 14 assignments over 3 judges: 5, 5, 4.
    expect(countsOf(out, ["J1", "J2", "J3"])).toEqual([5, 5, 4]);
  });

  it("more judges than submissions: every submission still gets its judges, counts within one", () => {
    const judges = ids("J", 5);
    const out = assignJudges(["s1", "s2"], judges, 2);
    expect(judgesOf(out, "s1")).toEqual(["J1", "J2"]);
    expect(judgesOf(out, "s2")).toEqual(["J3", "J4"]);
    expect(countsOf(out, judges)).toEqual([1, 1, 1, 1, 0]);
  });

  it("holds for every small case: k different judges each, every count within one of every other", () => {
    for (let s = 0; s <= 13; s++)
      for (let j = 1; j <= 7; j++)
        for (let k = 1; k <= Math.min(5, j); k++) {
          const judges = ids("J", j);
          const out = assignJudges(ids("s", s), judges, k);
          expect(out).toHaveLength(s * k);
          for (const sid of ids("s", s)) {
            const mine = judgesOf(out, sid);
            expect(mine).toHaveLength(k);
            expect(new Set(mine).size).toBe(k);
          }
          const counts = countsOf(out, judges);
          expect(Math.max(...counts) - Math.min(...counts), `${s}/${j}/${k}`).toBeLessThanOrEqual(
            1,
          );
        }
  });

  it("never gives a submission the same judge twice, even when asked for more judges than exist", () => {
    const out = assignJudges(["s1"], ["J1", "J1", "J2"], 3);
    expect(judgesOf(out, "s1")).toEqual(["J1", "J2"]);
  });
});

describe("replacementJudge (SPEC-3 §3: conflicts)", () => {
  const judges = ["J1", "J2", "J3", "J4"];
  // J1 has 3, J2 has 2, J3 has 1, J4 has 2 assignments.
  const assignments: Assignment[] = [
    { submissionId: "s1", judgeId: "J1" },
    { submissionId: "s1", judgeId: "J3" },
    { submissionId: "s2", judgeId: "J1" },
    { submissionId: "s2", judgeId: "J2" },
    { submissionId: "s3", judgeId: "J1" },
    { submissionId: "s3", judgeId: "J2" },
    { submissionId: "s4", judgeId: "J4" },
    { submissionId: "s5", judgeId: "J4" },
  ];

  it("goes to the judge without it who has the fewest assignments", () => {
    // J1 gives up s1. J3 has it; J2 and J4 have 2 each → J2 (chosen first).
    expect(replacementJudge("s1", "J1", judges, assignments, [])).toBe("J2");
    // J1 gives up s2. J2 has it; J3 has 1, J4 has 2 → J3, though J2 comes first in the list.
    expect(replacementJudge("s2", "J1", judges, assignments, [])).toBe("J3");
  });

  it("is nobody when every other judge has it or declared a conflict on it", () => {
    const two = [
      { submissionId: "s1", judgeId: "J1" },
      { submissionId: "s1", judgeId: "J2" },
    ];
    expect(replacementJudge("s1", "J1", ["J1", "J2"], two, [])).toBeNull();
  });

  it("never gives a submission back to a judge who declared a conflict on it", () => {
    // J3 declared a conflict on s4 earlier (s4 went to J4). Now J4 declares one too:
    // J3 is out, J1 (3) and J2 (2) are left → J2.
    const conflicts = [{ submissionId: "s4", judgeId: "J3" }];
    expect(replacementJudge("s4", "J4", judges, assignments, conflicts)).toBe("J2");
    // With J1 and J2 out too, no one is left.
    const all = [
      ...conflicts,
      { submissionId: "s4", judgeId: "J1" },
      { submissionId: "s4", judgeId: "J2" },
    ];
    expect(replacementJudge("s4", "J4", judges, assignments, all)).toBeNull();
  });
});
