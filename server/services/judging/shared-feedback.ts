/**
 * Shared feedback (SPEC-3 §3) read for registrations: a registration's mean and the judges'
 * comments on its submission, in each round whose judging has closed with `shareFeedback`. The
 * feedback call answers one round; /my/registrations gains `sharedFeedback` for every round.
 */
import type { EventData } from "#server/contracts/event-shape";
import type { Feedback, RoundFeedback } from "#server/contracts/judging";
import type { Db } from "#server/db/connect";
import type { JudgingRow } from "#server/db/schema-judging";
import type { Deps } from "#server/lib/deps";
import { criteriaOf } from "./judging-round";
import { mean, round2, weightedScore } from "./leaderboard-maths";

/** One registration's feedback in a judging that shares it, from its scores in save order. */
export async function feedbackOf(
  db: Db,
  judging: Pick<JudgingRow, "id" | "criteria">,
  registrationId: string,
): Promise<Feedback> {
  const rows = await db
    .selectFrom("judgingScores as s")
    .innerJoin("submissions as sub", "sub.id", "s.submissionId")
    .select(["s.scores", "s.comment"])
    .where("s.judgingId", "=", judging.id)
    .where("sub.registrationId", "=", registrationId)
    .orderBy("s.updatedAt")
    .execute();
  return toFeedback(rows, judging);
}

function toFeedback(
  rows: { scores: string; comment: string }[],
  judging: Pick<JudgingRow, "criteria">,
): Feedback {
  const criteria = criteriaOf(judging);
  const weighted = rows.map((r) => weightedScore(JSON.parse(r.scores) as number[], criteria));
  return {
    mean: weighted.length ? round2(mean(weighted)) : null,
    comments: rows.map((r) => r.comment).filter((c) => c !== ""),
  };
}

/**
 * Each item of GET /my/registrations gains `sharedFeedback`: per submission round whose judging
 * closed sharing feedback and that holds the registration's submission, its mean and comments.
 * Two reads for the whole list, whatever its length.
 */
export async function withSharedFeedback<
  T extends { event: EventData; registration: { _id: string } },
>(deps: Pick<Deps, "db">, items: T[]): Promise<(T & { sharedFeedback: RoundFeedback[] })[]> {
  const regs = items.map((item) => item.registration._id);
  const judgings = regs.length
    ? await deps.db
        .selectFrom("judgings as j")
        .innerJoin("submissions as sub", (join) =>
          join.onRef("sub.eventId", "=", "j.eventId").onRef("sub.roundId", "=", "j.roundId"),
        )
        .select(["j.id", "j.roundId", "j.criteria", "sub.registrationId"])
        .where("j.state", "=", "closed")
        .where("j.shareFeedback", "=", 1)
        .where("sub.registrationId", "in", regs)
        .execute()
    : [];
  const scores = judgings.length
    ? await deps.db
        .selectFrom("judgingScores as s")
        .innerJoin("submissions as sub", "sub.id", "s.submissionId")
        .select(["s.judgingId", "sub.registrationId", "s.scores", "s.comment"])
        .where(
          "s.judgingId",
          "in",
          judgings.map((j) => j.id),
        )
        .where("sub.registrationId", "in", regs)
        .orderBy("s.updatedAt")
        .execute()
    : [];
  return items.map((item) => {
    const reg = item.registration._id;
    const sharedFeedback = item.event.rounds.flatMap((round, index) => {
      const judging = judgings.find((j) => j.roundId === round._id && j.registrationId === reg);
      if (!judging) return [];
      const mine = scores.filter((s) => s.judgingId === judging.id && s.registrationId === reg);
      return [{ index, title: round.title, ...toFeedback(mine, judging) }];
    });
    return { ...item, sharedFeedback };
  });
}
