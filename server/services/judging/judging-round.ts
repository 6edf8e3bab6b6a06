/**
 * A submission round's judging as the services find it (SPEC-3 §3): the caller's access (checked
 * first), the round (404 unknown, 409 not a submission round), the judging row and its judges.
 */
import type { Round } from "#server/contracts/event-shape";
import {
  type Criterion,
  JUDGING_MESSAGES as M,
  type Judging,
  type JudgingState,
} from "#server/contracts/judging";
import { type Db, isPostgres } from "#server/db/connect";
import type { JudgingRow } from "#server/db/schema-judging";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { forbidden, notFound } from "#server/lib/errors";
import { roundOfKind } from "#server/services/rounds/participation";
import { type Access, type Right, requireRight } from "#server/services/team/permissions";

export interface JudgingRound extends Access {
  index: number;
  round: Round;
  judging: JudgingRow | null;
  /** The judges' user ids, in the order chosen. */
  judges: string[];
}

export async function judgesOf(db: Db, judgingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("judgingJudges")
    .select("userId")
    .where("judgingId", "=", judgingId)
    .orderBy("position")
    .execute();
  return rows.map((r) => r.userId);
}

export async function judgingOf(
  db: Db,
  eventId: number,
  roundId: string,
): Promise<JudgingRow | null> {
  const row = await db
    .selectFrom("judgings")
    .selectAll()
    .where("eventId", "=", eventId)
    .where("roundId", "=", roundId)
    .executeTakeFirst();
  return row ?? null;
}

/** The caller's access (`right`, before any other rule), round `{i}` and its judging if any. */
export async function judgingRound(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
  right: Right,
): Promise<JudgingRound> {
  const access = await requireRight(deps, user, eventNumber, right);
  const { index, round } = roundOfKind(access.event, roundIndex, "submission");
  const judging = await judgingOf(deps.db, access.event.id, round._id);
  const judges = judging ? await judgesOf(deps.db, judging.id) : [];
  return { ...access, index, round, judging, judges };
}

/** The same, for a judge of the round: anyone else who holds the right is 403. */
export async function judgeRound(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
): Promise<JudgingRound & { judging: JudgingRow }> {
  const found = await judgingRound(deps, user, eventNumber, roundIndex, "score");
  if (!found.judging || !found.judges.includes(found.user.id)) throw forbidden(M.notJudge);
  return { ...found, judging: found.judging };
}

/** The judging that must exist (404 'Judging is not set up for this round'). */
export function setUp(found: JudgingRound): JudgingRow {
  if (!found.judging) throw notFound(M.notSetUp);
  return found.judging;
}

/** An organiser's (`judging.setup`) round `{i}` whose judging must exist, as `setUp`. */
export async function setUpRound(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  roundIndex: string,
): Promise<JudgingRound & { judging: JudgingRow }> {
  const found = await judgingRound(deps, user, eventNumber, roundIndex, "judging.setup");
  return { ...found, judging: setUp(found) };
}

export function criteriaOf(row: Pick<JudgingRow, "criteria"> | null): Criterion[] {
  return row ? (JSON.parse(row.criteria) as Criterion[]) : [];
}

export function judgingJson(found: JudgingRound, row: JudgingRow, judges: string[]): Judging {
  return {
    roundIndex: found.index,
    roundId: found.round._id,
    criteria: criteriaOf(row),
    judges,
    judgesPerSubmission: row.judgesPerSubmission,
    blind: row.blind === 1,
    shareFeedback: row.shareFeedback === 1,
    state: row.state as JudgingState,
    openedAt: row.openedAt,
    closedAt: row.closedAt,
  };
}

/**
 * Takes the judging's row lock (PostgreSQL; SQLite has one writer anyway), so assignment changes
 * (conflicts) of one judging happen one after the other.
 */
export async function lockJudging(trx: Db, judgingId: string): Promise<void> {
  const pick = trx.selectFrom("judgings").select("id").where("id", "=", judgingId);
  await (isPostgres(trx) ? pick.forUpdate() : pick).execute();
}
