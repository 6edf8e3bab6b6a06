/**
 * Who judges what (SPEC-3 §3), as pure functions: the balanced assignment made once when judging
 * opens, and the reassignment when a judge declares a conflict.
 */

export interface Assignment {
  submissionId: string;
  judgeId: string;
}

/**
 * Gives every submission `perSubmission` different judges (fewer only when there are fewer judges),
 * keeping every judge's count within one of every other's. Submissions are taken in the order
 * given; each takes the judges with the fewest assignments so far, ties going to the judge chosen
 * earlier. Why it stays balanced: while every count is m or m + 1, a submission takes judges at m
 * first; if fewer than `perSubmission` are at m it takes all of them and some at m + 1, after
 * which every count is m + 1 or m + 2. Either way the counts stay within one.
 */
export function assignJudges(
  submissionIds: readonly string[],
  judgeIds: readonly string[],
  perSubmission: number,
): Assignment[] {
  const judges = [...new Set(judgeIds)];
  const take = Math.min(perSubmission, judges.length);
  const load = new Map(judges.map((j) => [j, 0]));
  const out: Assignment[] = [];
  for (const submissionId of submissionIds) {
    const chosen = [...judges]
      .sort(
        (a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || judges.indexOf(a) - judges.indexOf(b),
      )
      .slice(0, take);
    for (const judgeId of chosen) {
      load.set(judgeId, (load.get(judgeId) ?? 0) + 1);
      out.push({ submissionId, judgeId });
    }
  }
  return out;
}

/**
 * The judge who takes a submission that `fromJudge` declared a conflict on: a judge of the round
 * who does not have it and never declared a conflict on it, the one with the fewest assignments
 * (ties to the judge chosen earlier); null when there is none (the submission keeps fewer judges).
 */
export function replacementJudge(
  submissionId: string,
  fromJudge: string,
  judgeIds: readonly string[],
  assignments: readonly Assignment[],
  conflicts: readonly Assignment[],
): string | null {
  const has = new Set(
    [...assignments, ...conflicts]
      .filter((a) => a.submissionId === submissionId)
      .map((a) => a.judgeId),
  );
  has.add(fromJudge);
  const load = new Map<string, number>();
  for (const a of assignments) {
    if (a.submissionId === submissionId && a.judgeId === fromJudge) continue;
    load.set(a.judgeId, (load.get(a.judgeId) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const judgeId of judgeIds) {
    if (has.has(judgeId)) continue;
    if (best === null || (load.get(judgeId) ?? 0) < (load.get(best) ?? 0)) best = judgeId;
  }
  return best;
}
