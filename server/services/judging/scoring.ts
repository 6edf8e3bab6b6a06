/**
 * A judge's side of judging (SPEC-3 §3): their queue, their scores and their conflicts. A judge
 * sees only what is assigned to them, their own scores (never another judge's), and no
 * registrant's e-mail or phone; with `blind`, no names either.
 */
import {
  type JudgeQueue,
  type JudgingState,
  JUDGING_MESSAGES as M,
  type MyScore,
  type Score,
  scoreSchema,
} from "#server/contracts/judging";
import type { Db } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { badRequest, conflict, forbidden, parseBody } from "#server/lib/errors";
import { replacementJudge } from "./assign";
import { criteriaOf, judgeRound, judgesOf, lockJudging } from "./judging-round";
import { round2, weightedScore } from "./leaderboard-maths";
import { assignedTo, forJudge } from "./submissions";

type JudgingDeps = Pick<Deps, "db" | "clock">;

function scoreJson(
  row: { scores: string; comment: string; updatedAt: string },
  criteria: { name: string; weight: number }[],
): MyScore {
  const scores = JSON.parse(row.scores) as number[];
  return {
    scores,
    comment: row.comment,
    weighted: round2(weightedScore(scores, criteria)),
    updatedAt: row.updatedAt,
  };
}

/** GET /event/{n}/rounds/{i}/judging/mine: the caller's assigned submissions, in the order they came. */
export async function myQueue(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
): Promise<JudgeQueue> {
  const found = await judgeRound(deps, user, eventNumber, roundIndex);
  const { judging } = found;
  const criteria = criteriaOf(judging);
  const [submissions, scores] = await Promise.all([
    assignedTo(
      deps.db,
      found.event,
      { id: found.round._id, index: found.index },
      judging.id,
      found.user.id,
    ),
    deps.db
      .selectFrom("judgingScores")
      .select(["submissionId", "scores", "comment", "updatedAt"])
      .where("judgingId", "=", judging.id)
      .where("judgeId", "=", found.user.id)
      .execute(),
  ]);
  const blind = judging.blind === 1;
  return {
    criteria,
    state: judging.state as JudgingState,
    blind,
    items: submissions.map((s) => {
      const mine = scores.find((r) => r.submissionId === s._id);
      return { submission: forJudge(s, blind), myScore: mine ? scoreJson(mine, criteria) : null };
    }),
  };
}

/** Why a judge may not score or give up this submission: 403 not theirs, 409 judging closed. */
async function checkAssigned(
  db: Db,
  judgingId: string,
  state: string,
  judgeId: string,
  sid: string,
) {
  const row = await db
    .selectFrom("judgingAssignments as a")
    .innerJoin("submissions as s", "s.id", "a.submissionId")
    .innerJoin("registrations as r", "r.id", "s.registrationId")
    .select("a.judgeId")
    .where("a.judgingId", "=", judgingId)
    .where("a.submissionId", "=", sid)
    .where("a.judgeId", "=", judgeId)
    .where("r.held", "=", 0) // SPEC-4 §2: a place held again for payment is not judged
    .executeTakeFirst();
  if (!row) throw forbidden(M.notAssigned);
  if (state === "closed") throw conflict(M.closed);
}

/** POST /event/{n}/rounds/{i}/submissions/{sid}/score: until judging closes. */
export async function saveScore(
  deps: JudgingDeps,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
  submissionId: string,
  readBody: () => Promise<unknown>,
): Promise<Score> {
  const found = await judgeRound(deps, user, eventNumber, roundIndex);
  const { judging } = found;
  const judgeId = found.user.id;
  await checkAssigned(deps.db, judging.id, judging.state, judgeId, submissionId);
  const input = parseBody(scoreSchema, await readBody());
  const criteria = criteriaOf(judging);
  if (input.scores.length !== criteria.length) throw badRequest(M.score, { scores: [M.score] });
  const now = deps.clock.now().toISOString();
  const scores = JSON.stringify(input.scores);
  // One statement: the score goes in only while the pair is assigned and judging is open.
  const saved = await deps.db
    .insertInto("judgingScores")
    .columns([
      "judgingId",
      "submissionId",
      "judgeId",
      "scores",
      "comment",
      "createdAt",
      "updatedAt",
    ])
    .expression((eb) =>
      eb
        .selectFrom("judgingAssignments as a")
        .innerJoin("judgings as j", "j.id", "a.judgingId")
        .select((s) => [
          "a.judgingId",
          "a.submissionId",
          "a.judgeId",
          s.val(scores).as("scores"),
          s.val(input.comment).as("comment"),
          s.val(now).as("createdAt"),
          s.val(now).as("updatedAt"),
        ])
        .where("a.judgingId", "=", judging.id)
        .where("a.submissionId", "=", submissionId)
        .where("a.judgeId", "=", judgeId)
        .where("j.state", "=", "open"),
    )
    .onConflict((oc) =>
      oc
        .columns(["submissionId", "judgeId"])
        .doUpdateSet({ scores, comment: input.comment, updatedAt: now }),
    )
    .returning(["scores", "comment", "updatedAt"])
    .executeTakeFirst();
  if (!saved) {
    const current = await deps.db
      .selectFrom("judgings")
      .select("state")
      .where("id", "=", judging.id)
      .executeTakeFirstOrThrow();
    await checkAssigned(deps.db, judging.id, current.state, judgeId, submissionId);
    throw conflict(M.closed);
  }
  return { submissionId, ...scoreJson(saved, criteria) };
}

/**
 * POST /event/{n}/rounds/{i}/submissions/{sid}/conflict: the judge gives the submission up (and
 * any score they gave it); it goes to the judge of the round who does not have it and never
 * declared a conflict on it, the one with the fewest assignments, or to nobody ('Needs a judge').
 */
export async function declareConflict(
  deps: JudgingDeps,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
  submissionId: string,
): Promise<{ ok: true }> {
  const found = await judgeRound(deps, user, eventNumber, roundIndex);
  const { judging } = found;
  const judgeId = found.user.id;
  await checkAssigned(deps.db, judging.id, judging.state, judgeId, submissionId);
  await deps.db.transaction().execute(async (trx) => {
    await lockJudging(trx, judging.id);
    const gone = await trx
      .deleteFrom("judgingAssignments")
      .where("judgingId", "=", judging.id)
      .where("submissionId", "=", submissionId)
      .where("judgeId", "=", judgeId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw forbidden(M.notAssigned);
    await trx
      .deleteFrom("judgingScores")
      .where("submissionId", "=", submissionId)
      .where("judgeId", "=", judgeId)
      .execute();
    await trx
      .insertInto("judgingConflicts")
      .values({
        judgingId: judging.id,
        submissionId,
        judgeId,
        declaredAt: deps.clock.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(["submissionId", "judgeId"]).doNothing())
      .execute();
    const [assignments, conflicts] = await Promise.all(
      (["judgingAssignments", "judgingConflicts"] as const).map((table) =>
        trx
          .selectFrom(table)
          .select(["submissionId", "judgeId"])
          .where("judgingId", "=", judging.id)
          .execute(),
      ),
    );
    // Read under the lock: a judge added to the open round meanwhile may take it (issue 45).
    const judgesNow = await judgesOf(trx, judging.id);
    const next = replacementJudge(submissionId, judgeId, judgesNow, assignments, conflicts);
    if (next)
      await trx
        .insertInto("judgingAssignments")
        .values({ judgingId: judging.id, submissionId, judgeId: next })
        .execute();
  });
  return { ok: true };
}
