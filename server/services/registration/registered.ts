import type { Db } from "#server/db/connect";
import type { RegistrationRow } from "#server/db/schema";

/**
 * The registration a person is registered in (SPEC-4): as `findRegistrationOf`, but only when
 * their place is free or paid, not held for payment. What submissions and judging go by.
 */
export async function findRegisteredOf(
  db: Db,
  eventId: number,
  userId: string,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom("registrationMembers as m")
    .innerJoin("registrations as r", "r.id", "m.registrationId")
    .selectAll("r")
    .where("m.eventId", "=", eventId)
    .where("m.userId", "=", userId)
    .where("m.held", "=", 0)
    .executeTakeFirst();
}
