/** Who an update is mailed to (issue 45): everyone registered, those still in the running, those checked in. */
import type { Kysely, Transaction } from "kysely";
import type { Audience, AudienceCounts } from "#server/contracts/organiser";
import type { Database, EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { advancedByRound } from "#server/services/organiser/results";
import { peopleOf, type RegisteredPerson } from "#server/services/registration/registration-data";
import { advancedInto } from "#server/services/rounds/participation";
import { roundsOf } from "#server/services/rounds/rounds";
import { requireRight } from "#server/services/team/permissions";

type Reader = Kysely<Database> | Transaction<Database>;

/**
 * The people of `audience`, one per e-mail address. 'Still in the running': their registration
 * advanced from the last eliminator round with results (everyone, before any); 'checked in':
 * scanned in at the venue (SPEC-3 §5).
 */
export async function audiencePeople(
  db: Reader,
  event: Pick<EventRow, "id" | "rounds">,
  audience: Audience,
): Promise<RegisteredPerson[]> {
  let people = await peopleOf(db, event.id);
  if (audience === "running") {
    const rounds = roundsOf(event);
    const advanced = await advancedByRound(db, event.id);
    people = people.filter((p) => advancedInto(rounds, advanced, rounds.length, p.registrationId));
  } else if (audience === "checked-in") {
    const rows = await db
      .selectFrom("checkIns")
      .select("userId")
      .where("eventId", "=", event.id)
      .execute();
    const inside = new Set(rows.map((r) => r.userId));
    people = people.filter((p) => inside.has(p.userId));
  }
  const seen = new Set<string>();
  return people.filter((p) => !seen.has(p.email) && !!seen.add(p.email));
}

/** GET /event/{n}/announcement-audiences: how many people each audience would mail. */
export async function audienceCounts(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
): Promise<AudienceCounts> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  const [all, running, checkedIn] = await Promise.all(
    (["all", "running", "checked-in"] as const).map((a) => audiencePeople(deps.db, event, a)),
  );
  return { all: all!.length, running: running!.length, "checked-in": checkedIn!.length };
}
