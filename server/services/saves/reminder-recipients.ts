import type { Transaction } from "kysely";
import type { Round } from "#server/contracts/event-shape";
import type { Database, EventRow } from "#server/db/schema";
import { advancedByRound } from "#server/services/organiser/results";
import { advancedInto, missingMembers } from "#server/services/rounds/participation";

/**
 * Who gets a reminder, read at the reminder's moment (so a person who unsaved, registered, left
 * a team or turned reminders off in the meantime is simply not among them).
 */
export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  unsubscribeToken: string | null;
  /** For members of an incomplete team: how many more people it needs. */
  needs?: number;
}

type Trx = Transaction<Database>;

const PERSON = ["users.id", "users.email", "users.firstName", "users.unsubscribeToken"] as const;

/** 24 h before the deadline: people who saved the event and have not registered for it. */
export async function saversNotRegistered(trx: Trx, eventId: number): Promise<Recipient[]> {
  return trx
    .selectFrom("saves")
    .innerJoin("users", "users.id", "saves.userId")
    .select(PERSON)
    .where("saves.eventId", "=", eventId)
    .where("users.emailReminders", "=", 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("registrationMembers as m")
            .select("m.userId")
            .where("m.eventId", "=", eventId)
            .whereRef("m.userId", "=", "saves.userId"),
        ),
      ),
    )
    .orderBy("users.id")
    .execute();
}

/**
 * 24 h before the deadline: members of the event's teams still short of their minimum size,
 * with how many more each team needs. Someone who left a team is no longer among its members.
 */
export async function incompleteTeamMembers(trx: Trx, eventId: number): Promise<Recipient[]> {
  const rows = await trx
    .selectFrom("registrationMembers as m")
    .innerJoin("registrations as r", "r.id", "m.registrationId")
    .innerJoin("events as e", "e.id", "r.eventId")
    .innerJoin("users", "users.id", "m.userId")
    .select([...PERSON, "r.size", "e.minTeam"])
    .where("m.eventId", "=", eventId)
    .where("m.held", "=", 0)
    .where("r.type", "=", "team")
    .where("users.emailReminders", "=", 1)
    .whereRef("r.size", "<", "e.minTeam")
    .orderBy("users.id")
    .execute();
  return rows.map(({ size, minTeam, ...person }) => ({
    ...person,
    needs: Number(minTeam) - Number(size),
  }));
}

/**
 * 24 h before a round: everyone registered, team members included. Who is out after an
 * eliminator round comes with the organiser's results (SPEC-2 §4); until an event has results,
 * every registrant is in the running.
 */
export async function registrantsInRunning(
  trx: Trx,
  eventId: number,
  roundIndex: number,
  eliminatorRounds: number[],
): Promise<Recipient[]> {
  let query = trx
    .selectFrom("registrationMembers as m")
    .innerJoin("users", "users.id", "m.userId")
    .select(PERSON)
    .where("m.eventId", "=", eventId)
    .where("m.held", "=", 0)
    .where("users.emailReminders", "=", 1);
  // Out of the running: an earlier eliminator round has its results and this registration did
  // not advance. A round whose results are not in yet leaves nobody out.
  for (const j of eliminatorRounds.filter((index) => index < roundIndex)) {
    query = query.where(({ or, not, exists, selectFrom }) =>
      or([
        not(
          exists(
            selectFrom("roundResults")
              .select("roundResults.registrationId")
              .where("roundResults.eventId", "=", eventId)
              .where("roundResults.roundIndex", "=", j),
          ),
        ),
        exists(
          selectFrom("roundResults as r")
            .select("r.registrationId")
            .where("r.eventId", "=", eventId)
            .where("r.roundIndex", "=", j)
            .whereRef("r.registrationId", "=", "m.registrationId")
            .where("r.advanced", "=", 1),
        ),
      ]),
    );
  }
  return query.orderBy("users.id").execute();
}

/**
 * 24 h before a submission round closes (SPEC-3 §2): members of registrations that may submit
 * (a complete team, advanced into the round) and have not.
 */
export async function submittersDue(
  trx: Trx,
  event: Pick<EventRow, "id" | "participationType" | "minTeam">,
  rounds: Round[],
  index: number,
): Promise<Recipient[]> {
  const roundId = rounds[index]?._id ?? "";
  const rows = await trx
    .selectFrom("registrationMembers as m")
    .innerJoin("registrations as r", "r.id", "m.registrationId")
    .innerJoin("users", "users.id", "m.userId")
    .select([...PERSON, "r.id as registrationId", "r.type", "r.size"])
    .where("m.eventId", "=", event.id)
    .where("m.held", "=", 0)
    .where("users.emailReminders", "=", 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("submissions as s")
            .select("s.id")
            .where("s.eventId", "=", event.id)
            .where("s.roundId", "=", roundId)
            .whereRef("s.registrationId", "=", "m.registrationId"),
        ),
      ),
    )
    .orderBy("users.id")
    .execute();
  const advanced = await advancedByRound(trx, event.id);
  return rows
    .filter(
      (r) =>
        missingMembers(event, r) === 0 && advancedInto(rounds, advanced, index, r.registrationId),
    )
    .map(({ registrationId: _r, type: _t, size: _s, ...person }) => person);
}
