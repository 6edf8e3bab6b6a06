/**
 * The leaderboard's numbers (SPEC-3 §3), as pure functions: weighted scores, the mean and spread
 * of a submission's scores, and the per-judge normalisation that lets a harsh judge and a
 * generous one count alike.
 */
import type { Criterion, LeaderboardRow } from "#server/contracts/judging";

/** Half away from zero to two decimals; the small nudge keeps 1.005 (stored as 1.00499…) at 1.01. */
export function round2(x: number): number {
  const r = (Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-9)) / 100;
  return r === 0 ? 0 : r;
}

/** Σ(score × weight) / Σ weight, unrounded. */
export function weightedScore(scores: readonly number[], criteria: readonly Criterion[]): number {
  let sum = 0;
  let weights = 0;
  criteria.forEach((c, i) => {
    sum += (scores[i] ?? 0) * c.weight;
    weights += c.weight;
  });
  return weights === 0 ? 0 : sum / weights;
}

export function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** The population standard deviation (divided by n, not n − 1). */
export function populationSd(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
}

export interface GivenScore {
  submissionId: string;
  judgeId: string;
  judge: { firstName: string; lastName: string };
  scores: number[];
  comment: string;
}

export interface RankedSubmission {
  _id: string;
  submittedAt: string;
}

/**
 * Every submission's row, best first: ordered by `normalised`, then `mean` (both as shown, two
 * decimals, descending), then `submittedAt`, earliest first; unscored submissions last with nulls.
 * A judge's z-score is (weighted − the judge's mean) / the judge's population standard deviation
 * over every submission they scored in the round, 0 for a judge with fewer than two scores or no
 * spread.
 */
export function leaderboardRows<S extends RankedSubmission>(
  submissions: readonly S[],
  given: readonly GivenScore[],
  criteria: readonly Criterion[],
): LeaderboardRow<S>[] {
  const weighted = given.map((g) => ({ ...g, weighted: weightedScore(g.scores, criteria) }));
  const byJudge = groupBy(weighted, (g) => g.judgeId);
  const judgeStats = new Map(
    [...byJudge].map(([id, gs]) => {
      const xs = gs.map((g) => g.weighted);
      return [id, { mean: mean(xs), sd: populationSd(xs), n: xs.length }];
    }),
  );
  const z = (judgeId: string, w: number) => {
    const s = judgeStats.get(judgeId);
    if (!s || s.n < 2 || s.sd === 0) return 0;
    return (w - s.mean) / s.sd;
  };
  const bySubmission = groupBy(weighted, (g) => g.submissionId);

  const rows = submissions.map((submission): LeaderboardRow<S> => {
    const mine = bySubmission.get(submission._id) ?? [];
    if (mine.length === 0)
      return { submission, judges: 0, mean: null, normalised: null, spread: null, scores: [] };
    const ws = mine.map((g) => g.weighted);
    return {
      submission,
      judges: mine.length,
      mean: round2(mean(ws)),
      normalised: round2(mean(mine.map((g) => z(g.judgeId, g.weighted)))),
      spread: round2(populationSd(ws)),
      scores: mine.map((g) => ({
        judge: g.judge,
        weighted: round2(g.weighted),
        comment: g.comment,
      })),
    };
  });
  return rows.sort(compareRows);
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
}

function compareRows<S extends RankedSubmission>(a: LeaderboardRow<S>, b: LeaderboardRow<S>) {
  if ((a.normalised === null) !== (b.normalised === null)) return a.normalised === null ? 1 : -1;
  const [x, y] = [a.submission.submittedAt, b.submission.submittedAt];
  // ISO UTC instants order as plain strings (no locale rules: a sort of thousands stays cheap).
  return (
    (b.normalised ?? 0) - (a.normalised ?? 0) ||
    (b.mean ?? 0) - (a.mean ?? 0) ||
    (x < y ? -1 : x > y ? 1 : 0)
  );
}
