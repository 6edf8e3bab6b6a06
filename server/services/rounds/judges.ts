/**
 * The hook judging (SPEC-3 §3) fills: whether a user is one of the judges chosen for a round.
 * Submission files are served to a round's judges (SPEC-3 §2); until judging's tables exist, no
 * one is. The judging work replaces the body with a look-up of its judges' table.
 */
import type { Deps } from "#server/deps";

export async function isJudgeOfRound(
  _deps: Pick<Deps, "db">,
  _eventId: number,
  _roundId: string,
  _userId: string,
): Promise<boolean> {
  return false;
}
