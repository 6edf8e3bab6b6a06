import type { Deps } from "#server/lib/deps";
import type { NewEvent } from "#server/db/schema";

let next = 61000;

/** A published event straight in the database, for tests of what happens after publishing. */
export async function insertEvent(
  deps: Pick<Deps, "db" | "clock">,
  madeBy: string,
  overrides: Partial<NewEvent> = {},
): Promise<{ id: number; eventNumber: string }> {
  const now = deps.clock.now().toISOString();
  const eventNumber = overrides.eventNumber ?? String(next++);
  const day = 86_400_000;
  const at = (ms: number) => new Date(deps.clock.now().getTime() + ms).toISOString();
  const row: NewEvent = {
    eventNumber,
    madeBy,
    status: "active",
    version: 1,
    eventType: "Hackathons",
    eventName: "CodeStorm",
    organisationName: "IIT Delhi",
    festivalName: null,
    eventWebsite: null,
    modeOfEvent: "Online",
    countryName: null,
    stateName: null,
    cityName: null,
    locationName: null,
    aboutEvent: "<p>Build things.</p>",
    participationType: "individual",
    minTeam: null,
    maxTeam: null,
    startDate: at(-day),
    endDate: at(10 * day),
    contactDetails: JSON.stringify([{ name: "Ravi", number: "9876543210" }]),
    importantDates: JSON.stringify([{ dateTitle: "Finale", date: at(20 * day) }]),
    eventBrochureTitle: null,
    eventBrochure: null,
    eventLogo: "logo-key",
    eventBanner: "banner-key",
    rounds: JSON.stringify([
      {
        title: "Round 1",
        description: "Online quiz",
        startDate: at(11 * day),
        endDate: at(12 * day),
        isEliminatorRound: "true",
      },
      {
        title: "Finale",
        description: "On stage",
        startDate: at(13 * day),
        endDate: at(14 * day),
        isEliminatorRound: "false",
      },
    ]),
    prizes: JSON.stringify([
      { rank: 1, cashAmount: 50000 },
      { rank: 2, cashAmount: 20000 },
    ]),
    firstPrize: 50000,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
    ...overrides,
  };
  const inserted = await deps.db
    .insertInto("events")
    .values(row)
    .returning(["id", "eventNumber"])
    .executeTakeFirstOrThrow();
  return inserted;
}
