import type { ResultsBoard } from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { requireRight } from "#server/services/team/permissions";
import { type EntrantRow, entrantsOf } from "#server/services/registration/registration-data";
import { roundsOf } from "#server/services/rounds/rounds";
import { advancedByRound, entrantsOfRound } from "./results";

const entrant = (e: EntrantRow) => ({
  _id: e._id,
  name: e.teamName ?? [e.firstName, e.lastName].filter(Boolean).join(" "),
  college: e.collegeName,
  people: Number(e.people),
});

/** The organiser's view of results: every round's entrants with their result, and the winners. */
export async function getResultsBoard(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
): Promise<ResultsBoard> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  const all = await entrantsOf(deps.db, event.id);
  const rounds = roundsOf(event);
  const advanced = await advancedByRound(deps.db, event.id);
  const mailed = new Set(
    (
      await deps.db
        .selectFrom("roundResults")
        .select(["roundIndex", "registrationId"])
        .where("eventId", "=", event.id)
        .execute()
    ).map((r) => `${r.roundIndex}:${r.registrationId}`),
  );
  const winners = await deps.db
    .selectFrom("eventWinners")
    .select(["rank", "registrationId"])
    .where("eventId", "=", event.id)
    .orderBy("rank")
    .execute();
  return {
    rounds: rounds.map((round, index) => {
      const passed = advanced.get(index);
      return {
        index,
        title: round.title,
        eliminator: round.isEliminatorRound === "true",
        saved: !!passed,
        entrants: entrantsOfRound(all, rounds, advanced, index).map((e) => ({
          ...entrant(e),
          advanced: !!passed?.has(e._id),
          mailed: mailed.has(`${index}:${e._id}`),
        })),
      };
    }),
    entrants: all.map(entrant),
    winners,
  };
}
