/**
 * Which rounds of an event have started on Utsav (SPEC-3 §2): a round with a submission, a quiz
 * attempt, judging set up or results. Such a round cannot be removed, moved or given another
 * kind; its dates may still change.
 */
import type { Round } from "#server/contracts/event-shape";
import { ROUND_MESSAGES } from "#server/contracts/rounds";
import type { Db } from "#server/db/connect";
import { conflict } from "#server/lib/errors";
import { roundsOf } from "./rounds";

/** One source of "this round has started": the ids of the event's rounds it knows of. */
type StartedSource = (db: Db, eventId: number, rounds: Round[]) => Promise<(string | undefined)[]>;

/** The round ids a table of rows keyed by event and round id names. */
function roundIdsIn(table: "submissions" | "quizAttempts"): StartedSource {
  return async (db, eventId) =>
    (
      await db
        .selectFrom(table)
        .select("roundId")
        .distinct()
        .where("eventId", "=", eventId)
        .execute()
    ).map((r) => r.roundId);
}

/**
 * Every source, in one list: the quiz (attempts) and judging (set-up) add their tables here.
 */
export const STARTED_SOURCES: StartedSource[] = [
  // A submission; a quiz attempt (SPEC-3 §4).
  roundIdsIn("submissions"),
  roundIdsIn("quizAttempts"),
  // Judging set up (SPEC-3 §3).
  async (db, eventId) =>
    (
      await db.selectFrom("judgings").select("roundId").where("eventId", "=", eventId).execute()
    ).map((r) => r.roundId),
  // Results (SPEC-2 §4), kept by round index.
  async (db, eventId, rounds) =>
    (
      await db
        .selectFrom("roundResults")
        .select("roundIndex")
        .distinct()
        .where("eventId", "=", eventId)
        .execute()
    ).map((r) => rounds[r.roundIndex]?._id),
];

/** The ids of the event's rounds that have started on Utsav. */
export async function startedRoundIds(
  db: Db,
  eventId: number,
  rounds?: Round[],
): Promise<Set<string>> {
  const list =
    rounds ??
    roundsOf(
      await db
        .selectFrom("events")
        .select("rounds")
        .where("id", "=", eventId)
        .executeTakeFirstOrThrow(),
    );
  const ids = await Promise.all(STARTED_SOURCES.map((source) => source(db, eventId, list)));
  return new Set(ids.flat().filter((id): id is string => !!id));
}

/**
 * Refuses a rounds save (409) that removes, moves or re-kinds a started round: each keeps its
 * place in the list (results and the API's `/rounds/{i}` name rounds by place) and its kind.
 */
export async function checkStartedRounds(
  db: Db,
  eventId: number,
  before: Round[],
  after: Pick<Round, "_id" | "kind">[],
): Promise<void> {
  const started = await startedRoundIds(db, eventId, before);
  before.forEach((round, index) => {
    if (!started.has(round._id)) return;
    const now = after[index];
    if (now?._id !== round._id || now.kind !== round.kind) throw conflict(ROUND_MESSAGES.started);
  });
}
