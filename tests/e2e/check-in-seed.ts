import type { UserRow } from "#server/db/schema";
import { newId } from "#server/lib/crypto";
import { systemClock } from "#server/lib/clock";
import { registerDirect } from "#tests/helpers/registrants";
import { seedRegistrationEvent, withEventDb } from "./registration-seed";
import { newUserRow } from "#server/services/accounts/new-user-row";

/** A published event of `organiserId` with people registered, straight in the e2e database. */
export async function seedCheckInEvent(organiserId: string, firstNames: string[]) {
  const { eventNumber, eventName } = seedRegistrationEvent({ madeBy: organiserId });
  return withEventDb(eventNumber, async (db, eventId) => {
    const people: UserRow[] = [];
    const now = new Date().toISOString();
    for (const firstName of firstNames) {
      const id = newId();
      const user = newUserRow(now, {
        id,
        email: `${firstName.toLowerCase()}.${id}@example.com`,
        emailVerifiedAt: now,
        firstName,
        lastName: "Gate",
        course: "B.Tech",
        collegeName: "IIT Delhi",
      });
      await db.insertInto("users").values(user).execute();
      const row = await db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      await registerDirect({ db, clock: systemClock }, eventId, [row]);
      people.push(row);
    }
    return { eventNumber, eventName, people };
  });
}
