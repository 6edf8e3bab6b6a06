/**
 * A judge added to a round whose judging is open (issue 45): 'Needs a judge' is no dead end. The
 * owner or an admin adds an organiser of the event (owner, admin or judge); the new judge takes
 * every submission that has fewer than `judgesPerSubmission` judges (and that they never declared
 * a conflict on), and is mailed how many. Under the judging's lock, so two additions at once never
 * give a submission more judges than it needs; a person is a judge once (the table's key).
 */
import { addJudgeSchema, type Judging, JUDGING_MESSAGES as M } from "#server/contracts/judging";
import { plural } from "#server/contracts/words";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict, parseBody } from "#server/lib/errors";
import { recordActivity } from "#server/services/team/activity";
import { queueJudgeMails } from "./judge-mails";
import { judgesOf, judgingJson, lockJudging, setUpRound } from "./judging-round";
import { checkJudges, roundSubmissionIds } from "./setup";

/** POST /event/{n}/rounds/{i}/judging/judges (owner, admins): `userId`; 200, the judging. */
export async function addJudge(
  deps: Pick<Deps, "db" | "clock" | "mail" | "config">,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
  readBody: () => Promise<unknown>,
): Promise<Judging> {
  const found = await setUpRound(deps, user, eventNumber, roundIndex);
  const { userId } = parseBody(addJudgeSchema, await readBody());
  if (found.judging.state !== "open") throw conflict(M.addOnlyOpen);
  await checkJudges(deps.db, found.event, [userId]);
  const judging = found.judging;
  const judges = await deps.db.transaction().execute(async (trx) => {
    await lockJudging(trx, judging.id);
    const state = await trx
      .selectFrom("judgings")
      .select("state")
      .where("id", "=", judging.id)
      .executeTakeFirstOrThrow();
    if (state.state !== "open") throw conflict(M.addOnlyOpen);
    const before = await judgesOf(trx, judging.id);
    if (before.includes(userId)) throw conflict(M.alreadyJudge);
    await trx
      .insertInto("judgingJudges")
      .values({ judgingId: judging.id, userId, position: before.length })
      .execute();
    const [submissions, assignments, conflicts] = await Promise.all([
      roundSubmissionIds(trx, found.event.id, found.round._id),
      trx
        .selectFrom("judgingAssignments")
        .select(["submissionId", "judgeId"])
        .where("judgingId", "=", judging.id)
        .execute(),
      trx
        .selectFrom("judgingConflicts")
        .select("submissionId")
        .where("judgingId", "=", judging.id)
        .where("judgeId", "=", userId)
        .execute(),
    ]);
    const held = new Map<string, number>();
    for (const a of assignments) held.set(a.submissionId, (held.get(a.submissionId) ?? 0) + 1);
    const refused = new Set(conflicts.map((c) => c.submissionId));
    const taken = submissions.filter(
      (id) => (held.get(id) ?? 0) < judging.judgesPerSubmission && !refused.has(id),
    );
    for (let i = 0; i < taken.length; i += 500)
      await trx
        .insertInto("judgingAssignments")
        .values(
          taken.slice(i, i + 500).map((submissionId) => ({
            judgingId: judging.id,
            submissionId,
            judgeId: userId,
          })),
        )
        .execute();
    await queueJudgeMails(trx, deps, found, new Map([[userId, taken.length]]), true);
    const person = await trx
      .selectFrom("users")
      .select(["firstName", "lastName"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const who = [person.firstName, person.lastName].filter(Boolean).join(" ");
    await recordActivity(
      trx,
      deps,
      found,
      "judging.saved",
      `added ${who} as a judge of round ${found.index + 1}: ${plural(taken.length, "submission")}`,
    );
    return [...before, userId];
  });
  return judgingJson(found, judging, judges);
}
