/**
 * The leaderboard (owner and admins) and a registrant's feedback (SPEC-3 §3), read from the
 * stored scores; the numbers are `leaderboard-maths.ts`'s.
 */
import {
  type Feedback,
  JUDGING_MESSAGES as M,
  type LeaderboardRow,
} from "#server/contracts/judging";
import type { Submission } from "#server/contracts/submissions";
import type { Db } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict, forbidden, unauthorized } from "#server/lib/errors";
import { findRegistrationOf } from "#server/services/registration/registration-read";
import { roundOfKind } from "#server/services/rounds/participation";
import { visibleEvent } from "#server/services/team/permissions";
import { criteriaOf, judgingOf, judgingRound } from "./judging-round";
import { type GivenScore, leaderboardRows } from "./leaderboard-maths";
import { feedbackOf } from "./shared-feedback";
import { roundSubmissions } from "./submissions";

async function givenScores(db: Db, judgingId: string): Promise<GivenScore[]> {
  const rows = await db
    .selectFrom("judgingScores as s")
    .innerJoin("users as u", "u.id", "s.judgeId")
    .innerJoin("judgingJudges as j", (join) =>
      join.onRef("j.judgingId", "=", "s.judgingId").onRef("j.userId", "=", "s.judgeId"),
    )
    .select(["s.submissionId", "s.judgeId", "s.scores", "s.comment", "u.firstName", "u.lastName"])
    .where("s.judgingId", "=", judgingId)
    .orderBy("j.position")
    .execute();
  return rows.map((r) => ({
    submissionId: r.submissionId,
    judgeId: r.judgeId,
    judge: { firstName: r.firstName, lastName: r.lastName ?? "" },
    scores: JSON.parse(r.scores) as number[],
    comment: r.comment,
  }));
}

/** GET /event/{n}/rounds/{i}/leaderboard: every submission of the round, best first. */
export async function leaderboard(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
): Promise<LeaderboardRow<Submission>[]> {
  const found = await judgingRound(deps, user, eventNumber, roundIndex, "leaderboard");
  const [submissions, given] = await Promise.all([
    roundSubmissions(deps.db, found.event, found.round._id, found.index),
    found.judging && found.judging.state !== "setup" ? givenScores(deps.db, found.judging.id) : [],
  ]);
  return leaderboardRows(submissions, given, criteriaOf(found.judging));
}

/**
 * GET /event/{n}/rounds/{i}/feedback: a registrant's mean and the judges' comments on their
 * submission, once judging has closed in a round that shares feedback.
 */
export async function feedback(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
): Promise<Feedback> {
  if (!user) throw unauthorized();
  const event = await visibleEvent(deps, eventNumber, user);
  const registration = await findRegistrationOf(deps.db, event.id, user.id, { registered: true });
  if (!registration) throw forbidden(M.notRegistrant);
  const { round } = roundOfKind(event, roundIndex, "submission");
  const judging = await judgingOf(deps.db, event.id, round._id);
  if (judging?.state !== "closed" || judging.shareFeedback !== 1)
    throw conflict(M.feedbackNotShared);
  return feedbackOf(deps.db, judging, registration.id);
}
