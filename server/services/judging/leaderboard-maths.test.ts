import { describe, expect, it } from "vitest";
import {
  type GivenScore,
  leaderboardRows,
  populationSd,
  round2,
  weightedScore,
} from "./leaderboard-maths";

// Two criteria: Idea (weight 3) and Build (weight 1); Σ weight = 4.
const criteria = [
  { name: "Idea", weight: 3 },
  { name: "Build", weight: 1 },
];
const person = (firstName: string) => ({ firstName, lastName: "Judge" });
const give = (
  judgeId: string,
  submissionId: string,
  scores: number[],
  comment = "",
): GivenScore => ({
  judgeId,
  submissionId,
  judge: person(judgeId),
  scores,
  comment,
});

describe("round2", () => {
  it("rounds half away from zero to two decimals, never to -0", () => {
    expect(round2(1.005)).toBe(1.01); // 1.005 is stored as 1.00499999…
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.3194792)).toBe(-1.32);
    expect(round2(-0.125)).toBe(-0.13);
    expect(Object.is(round2(-0.004), 0)).toBe(true);
    expect(round2(4.666666)).toBe(4.67);
  });
});

describe("weightedScore and populationSd", () => {
  it("Σ(score × weight) / Σ weight", () => {
    expect(weightedScore([6, 2], criteria)).toBe(5); // (6·3 + 2·1) / 4 = 20 / 4
    expect(weightedScore([10, 6], criteria)).toBe(9); // (30 + 6) / 4
    expect(weightedScore([3, 4], criteria)).toBe(3.25); // (9 + 4) / 4 = 13 / 4
  });
  it("divides by n, not n − 1", () => {
    expect(populationSd([5, 9])).toBe(2); // mean 7, deviations ±2, √((4 + 4) / 2) = 2
    expect(populationSd([4, 4, 4])).toBe(0);
  });
});

describe("leaderboardRows (SPEC-3 §3), checked against values worked out by hand", () => {
  const submissions = [
    { _id: "s1", submittedAt: "2026-11-20T10:00:00.000Z" },
    { _id: "s2", submittedAt: "2026-11-20T10:05:00.000Z" },
    { _id: "s3", submittedAt: "2026-11-20T10:10:00.000Z" },
    { _id: "s4", submittedAt: "2026-11-20T09:00:00.000Z" },
  ];
  // Judge A (harsh):    s1 [6,2] → 5,  s2 [4,4] → 4,  s3 [2,6] → 3.
  //   mean 4; deviations 1, 0, −1; sd = √(2/3) = 0.816497
  //   z: s1 = 1/0.816497 = 1.224745, s2 = 0, s3 = −1.224745
  // Judge B (generous): s1 [9,9] → 9,  s2 [10,6] → 9, s3 [8,4] → 7.
  //   mean 25/3 = 8.3333; deviations 0.6667, 0.6667, −1.3333; squares 0.4444, 0.4444, 1.7778;
  //   variance 2.6667/3 = 0.8889; sd = 0.942809
  //   z: s1 = s2 = 0.6667/0.942809 = 0.707107, s3 = −1.3333/0.942809 = −1.414214
  // Judge C: s2 [1,1] → 1, one score only, so z = 0.
  const given = [
    give("A", "s1", [6, 2], "Clear idea"),
    give("A", "s2", [4, 4]),
    give("A", "s3", [2, 6]),
    give("B", "s1", [9, 9]),
    give("B", "s2", [10, 6]),
    give("B", "s3", [8, 4]),
    give("C", "s2", [1, 1], "Weak"),
  ];
  const rows = leaderboardRows(submissions, given, criteria);

  it("orders by normalised: s1, s2, s3, then the unscored s4 though it came first", () => {
    expect(rows.map((r) => r.submission._id)).toEqual(["s1", "s2", "s3", "s4"]);
  });

  it("s1: mean (5 + 9)/2 = 7, spread 2, normalised (1.224745 + 0.707107)/2 = 0.965926 → 0.97", () => {
    expect(rows[0]).toMatchObject({ judges: 2, mean: 7, spread: 2, normalised: 0.97 });
    expect(rows[0].scores).toEqual([
      { judge: person("A"), weighted: 5, comment: "Clear idea" },
      { judge: person("B"), weighted: 9, comment: "" },
    ]);
  });

  it("s2: mean 14/3 = 4.67; spread √(32.6667/3) = 3.299832 → 3.3; normalised (0 + 0.707107 + 0)/3 → 0.24", () => {
    // deviations from 4.6667: −0.6667, 4.3333, −3.6667; squares 0.4444 + 18.7778 + 13.4444 = 32.6667
    expect(rows[1]).toMatchObject({ judges: 3, mean: 4.67, spread: 3.3, normalised: 0.24 });
  });

  it("s3: mean (3 + 7)/2 = 5, spread 2, normalised (−1.224745 − 1.414214)/2 = −1.319479 → −1.32", () => {
    expect(rows[2]).toMatchObject({ judges: 2, mean: 5, spread: 2, normalised: -1.32 });
  });

  it("an unscored submission has nulls and no scores", () => {
    expect(rows[3]).toEqual({
      submission: submissions[3],
      judges: 0,
      mean: null,
      normalised: null,
      spread: null,
      scores: [],
    });
  });

  it("a judge with no spread counts 0; ties fall to the mean, then to the earliest submittedAt", () => {
    const subs = [
      { _id: "t1", submittedAt: "2026-11-20T09:00:00.000Z" },
      { _id: "t2", submittedAt: "2026-11-20T09:10:00.000Z" },
      { _id: "t3", submittedAt: "2026-11-20T09:05:00.000Z" },
      { _id: "t0", submittedAt: "2026-11-20T08:00:00.000Z" },
    ];
    // D scores t1 and t2 both 6 → no spread → z 0 for both; E scores t3 [8,8] → 8, one score → z 0.
    // E also scores t2 [10,2] → (30 + 2)/4 = 8, so E has 8 and 8: no spread, z 0.
    // Every normalised is 0. Means: t1 6; t2 (6 + 8)/2 = 7; t3 8. Order by mean: t3, t2, t1, then t0.
    const r = leaderboardRows(
      subs,
      [
        give("D", "t1", [6, 6]),
        give("D", "t2", [6, 6]),
        give("E", "t3", [8, 8]),
        give("E", "t2", [10, 2]),
      ],
      criteria,
    );
    expect(r.map((x) => [x.submission._id, x.normalised, x.mean])).toEqual([
      ["t3", 0, 8],
      ["t2", 0, 7],
      ["t1", 0, 6],
      ["t0", null, null],
    ]);
    // Same normalised and mean: the earlier submission first (t3 at 09:05 before t2 at 09:10).
    const tie = leaderboardRows(
      subs.slice(1, 3),
      [give("F", "t2", [5, 5]), give("G", "t3", [5, 5])],
      criteria,
    );
    expect(tie.map((x) => x.submission._id)).toEqual(["t3", "t2"]);
  });

  it("before judging opens every row is unscored, in submission order", () => {
    const r = leaderboardRows(submissions, [], criteria);
    expect(r.map((x) => x.submission._id)).toEqual(["s4", "s1", "s2", "s3"]);
    expect(r.every((x) => x.mean === null && x.normalised === null && x.spread === null)).toBe(
      true,
    );
  });
});
