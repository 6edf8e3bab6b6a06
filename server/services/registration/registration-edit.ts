import type { EventRow, EventUpdate } from "#server/db/schema";
import { constraintViolation } from "#server/db/errors";
import type { Deps } from "#server/lib/deps";
import { badRequest, conflict } from "#server/lib/errors";
import { plural } from "#server/contracts/words";

export const CAPACITY_BELOW_COUNT = (n: number) =>
  `Capacity cannot be less than the ${plural(n, "registration")} so far`;
export const TYPE_LOCKED = "Participation type cannot change once people have registered";
export const MAX_TEAM_BELOW = (n: number) =>
  `Maximum team size cannot be less than the largest team (${n})`;

/**
 * An organiser's step 2 or step 3 save must not break what registrations already hold: a capacity
 * below the count, a participation type changed under them, a maximum below a team's size.
 * (The database's check on registrationCount <= capacity catches a registration racing the save.)
 */
export async function checkRegistrationEdit(
  deps: Pick<Deps, "db">,
  row: EventRow,
  changes: EventUpdate,
): Promise<void> {
  if (row.registrationCount === 0) return;
  const errors: Record<string, string[]> = {};
  if (changes.capacity != null && changes.capacity < row.registrationCount)
    errors.capacity = [CAPACITY_BELOW_COUNT(row.registrationCount)];
  if (changes.participationType && changes.participationType !== row.participationType)
    errors.participationType = [TYPE_LOCKED];
  if (changes.maxTeam != null) {
    const largest = await deps.db
      .selectFrom("registrations")
      .select((eb) => eb.fn.max("size").as("size"))
      .where("eventId", "=", row.id)
      .executeTakeFirst();
    const size = Number(largest?.size ?? 0);
    if (changes.maxTeam < size) errors.maxTeam = [MAX_TEAM_BELOW(size)];
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0], errors);
}

/** A save that lost a race with registrations (the count passed the new capacity): 409. */
export function capacityRace(err: unknown): never {
  if (constraintViolation(err)?.kind === "check")
    throw conflict("Capacity cannot be less than the registrations so far");
  throw err;
}
