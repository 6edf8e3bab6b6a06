/**
 * The round's submissions as judging shows them, in the submissions domain's shape: in full to the
 * owner and admins (the leaderboard), and to a judge without names when judging is blind. Neither
 * carries a registrant's e-mail or phone.
 */
import type { JudgeSubmission } from "#server/contracts/judging";
import type { Submission } from "#server/contracts/submissions";
import type { Db } from "#server/db/connect";
import type { EventRow } from "#server/db/schema";
import { submissionQuery, toSubmission } from "#server/services/submissions/submission-read";

export function forJudge(s: Submission, blind: boolean): JudgeSubmission {
  return blind ? { ...s, name: null, updatedBy: null } : s;
}

/** Every submission of round `index`, in the order they came. */
export async function roundSubmissions(
  db: Db,
  event: EventRow,
  roundId: string,
  index: number,
): Promise<Submission[]> {
  const rows = await submissionQuery(db, event.id, roundId)
    .orderBy("s.submittedAt")
    .orderBy("s.id")
    .execute();
  return rows.map((r) => toSubmission(r, event.eventNumber, index));
}

/** The submissions of round `index` assigned to a judge, in the order they came. */
export async function assignedTo(
  db: Db,
  event: EventRow,
  round: { id: string; index: number },
  judgingId: string,
  judgeId: string,
): Promise<Submission[]> {
  const rows = await submissionQuery(db, event.id, round.id)
    .where("s.id", "in", (eb) =>
      eb
        .selectFrom("judgingAssignments")
        .select("submissionId")
        .where("judgingId", "=", judgingId)
        .where("judgeId", "=", judgeId),
    )
    .orderBy("s.submittedAt")
    .orderBy("s.id")
    .execute();
  return rows.map((r) => toSubmission(r, event.eventNumber, round.index));
}
