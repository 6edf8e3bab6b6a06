/**
 * Setting up, opening and closing a round's judging (SPEC-3 §3), owner and admins only. The
 * assignment is computed once, when judging opens, in the transaction whose guarded update moves
 * the state from "setup" to "open": of two opens at once, one assigns and the other is refused.
 */
import { JUDGING_MESSAGES as M, type Judging, judgingSetupSchema } from "#server/contracts/judging";
import type { Db } from "#server/db/connect";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import type { JudgingRow, JudgingsTable } from "#server/db/schema-judging";
import type { Updateable } from "kysely";
import { newPublicId } from "#server/lib/crypto";
import { badRequest, conflict, parseBody } from "#server/lib/errors";
import { plural } from "#server/contracts/words";
import { type ActivityAction, recordActivity } from "#server/services/team/activity";
import { assignJudges } from "./assign";
import { countsOf, type MailDeps, queueJudgeMails } from "./judge-mails";
import {
  type JudgingRound,
  judgesOf,
  judgingJson,
  judgingRound,
  setUpRound,
} from "./judging-round";

type JudgingDeps = Pick<Deps, "db" | "clock"> & MailDeps;

/** Owners, admins and judges of the event may judge; volunteers and outsiders may not. */
export async function checkJudges(db: Db, event: EventRow, judges: string[]): Promise<void> {
  const others = judges.filter((id) => id !== event.madeBy);
  if (others.length === 0) return;
  const rows = await db
    .selectFrom("eventOrganisers")
    .select("userId")
    .where("eventId", "=", event.id)
    .where("userId", "in", others)
    .where("role", "in", ["admin", "judge"])
    .execute();
  if (rows.length !== others.length) throw badRequest(M.notOrganiser, { judges: [M.notOrganiser] });
}

const roundWords = (found: JudgingRound) => `round ${found.index + 1}`;

/** POST /event/{n}/rounds/{i}/judging: until judging opens (409 'Judging has already opened'). */
export async function saveJudging(
  deps: JudgingDeps,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
  readBody: () => Promise<unknown>,
): Promise<Judging> {
  const found = await judgingRound(deps, user, eventNumber, roundIndex, "judging.setup");
  if (found.judging && found.judging.state !== "setup") throw conflict(M.alreadyOpened);
  const input = parseBody(judgingSetupSchema, await readBody());
  await checkJudges(deps.db, found.event, input.judges);
  const now = deps.clock.now().toISOString();
  const values = {
    criteria: JSON.stringify(input.criteria),
    judgesPerSubmission: input.judgesPerSubmission,
    blind: input.blind ? 1 : 0,
    shareFeedback: input.shareFeedback ? 1 : 0,
    updatedAt: now,
  };
  const row = await deps.db.transaction().execute(async (trx) => {
    // One statement: a new judging, or the set-up one replaced; an opened one stays as it is.
    const saved = await trx
      .insertInto("judgings")
      .values({
        id: newPublicId(),
        eventId: found.event.id,
        roundId: found.round._id,
        createdAt: now,
        ...values,
      })
      .onConflict((oc) =>
        oc
          .columns(["eventId", "roundId"])
          .doUpdateSet(values)
          .where("judgings.state", "=", "setup"),
      )
      .returningAll()
      .executeTakeFirst();
    if (!saved) throw conflict(M.alreadyOpened);
    await trx.deleteFrom("judgingJudges").where("judgingId", "=", saved.id).execute();
    await trx
      .insertInto("judgingJudges")
      .values(input.judges.map((userId, position) => ({ judgingId: saved.id, userId, position })))
      .execute();
    await recordActivity(
      trx,
      deps,
      found,
      "judging.saved",
      `set up judging of ${roundWords(found)}`,
    );
    return saved;
  });
  return judgingJson(found, row, input.judges);
}

/** The round's submissions of registered places in the order they came, earliest first. */
export async function roundSubmissionIds(
  db: Db,
  eventId: number,
  roundId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("submissions as s")
    .innerJoin("registrations as r", "r.id", "s.registrationId")
    .select("s.id")
    .where("s.eventId", "=", eventId)
    .where("s.roundId", "=", roundId)
    .where("r.held", "=", 0) // SPEC-4 §2: a place held for payment is not judged
    .orderBy("s.submittedAt")
    .orderBy("s.id")
    .execute();
  return rows.map((r) => r.id);
}

/** Inserts the assignments a slice at a time (a statement's parameters are limited). */
async function insertAssignments(
  trx: Db,
  rows: { judgingId: string; submissionId: string; judgeId: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000)
    await trx
      .insertInto("judgingAssignments")
      .values(rows.slice(i, i + 1000))
      .execute();
}

/**
 * Moves the judging on from `from` in one guarded UPDATE (409 `lost` when another request moved it
 * first); `then` does the rest in the same transaction and answers the activity's words.
 */
async function moveJudging(
  deps: JudgingDeps,
  found: JudgingRound & { judging: JudgingRow },
  move: { from: JudgingRow["state"]; set: Updateable<JudgingsTable>; lost: string },
  then: (trx: Db, moved: JudgingRow) => Promise<{ kind: ActivityAction; says: string }>,
): Promise<Judging> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("judgings")
      .set(move.set)
      .where("id", "=", found.judging.id)
      .where("state", "=", move.from)
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw conflict(move.lost);
    const { kind, says } = await then(trx, moved);
    await recordActivity(trx, deps, found, kind, says);
    return moved;
  });
  return judgingJson(found, row, found.judges);
}

/** POST /event/{n}/rounds/{i}/judging/open: after the round's `endDate`, once. */
export async function openJudging(
  deps: JudgingDeps,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
): Promise<Judging> {
  const found = await setUpRound(deps, user, eventNumber, roundIndex);
  if (found.judging.state !== "setup") throw conflict(M.alreadyOpened);
  const now = deps.clock.now();
  if (!(now.getTime() > Date.parse(found.round.endDate))) throw conflict(M.opensAfterClose);
  const set = { state: "open", openedAt: now.toISOString(), updatedAt: now.toISOString() } as const;
  return moveJudging(
    deps,
    found,
    { from: "setup", set, lost: M.alreadyOpened },
    async (trx, opened) => {
      const judges = await judgesOf(trx, opened.id);
      const submissions = await roundSubmissionIds(trx, found.event.id, found.round._id);
      const assignments = assignJudges(submissions, judges, opened.judgesPerSubmission);
      await insertAssignments(
        trx,
        assignments.map((a) => ({ judgingId: opened.id, ...a })),
      );
      // Each judge hears how many are theirs, in this transaction (the outbox).
      await queueJudgeMails(trx, deps, found, countsOf(judges, assignments));
      const says = `opened judging of ${roundWords(found)}: ${plural(submissions.length, "submission")}, ${plural(judges.length, "judge")}`;
      return { kind: "judging.opened", says };
    },
  );
}

/** POST /event/{n}/rounds/{i}/judging/close: scores are final from here on. */
export async function closeJudging(
  deps: JudgingDeps,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
): Promise<Judging> {
  const found = await setUpRound(deps, user, eventNumber, roundIndex);
  if (found.judging.state === "setup") throw conflict(M.notOpen);
  const now = deps.clock.now().toISOString();
  const set = { state: "closed", closedAt: now, updatedAt: now } as const;
  return moveJudging(deps, found, { from: "open", set, lost: M.closed }, async () => ({
    kind: "judging.closed",
    says: `closed judging of ${roundWords(found)}`,
  }));
}
