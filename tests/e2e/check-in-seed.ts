import { registerPeople, seedRegistrationEvent, withEventDb } from "./registration-seed";

/** A published event of `organiserId` with people registered, straight in the e2e database. */
export async function seedCheckInEvent(
  organiserId: string,
  firstNames: string[],
  overrides: Record<string, string | number | null> = {},
) {
  const { eventNumber, eventName } = seedRegistrationEvent({ ...overrides, madeBy: organiserId });
  return withEventDb(eventNumber, async (db, eventId) => {
    const people = await registerPeople(db, eventId, firstNames, "Gate");
    return { eventNumber, eventName, people };
  });
}
