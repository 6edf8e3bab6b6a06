import type { Deps } from "#server/lib/deps";
import type { EventRow, NewEvent } from "#server/db/schema";
import { syncEventReminders } from "#server/services/saves/reminders";

let counter = 0;

/**
 * An event straight in the database (published unless told), with its reminder jobs scheduled
 * as publishing does, for tests that need events without the three creation steps.
 */
export async function insertEvent(
  deps: Pick<Deps, "db" | "clock">,
  madeBy: string,
  overrides: Partial<NewEvent> = {},
): Promise<EventRow> {
  const now = deps.clock.now().toISOString();
  counter += 1;
  const eventNumber = overrides.eventNumber ?? String(70000 + ((Date.now() + counter) % 29999));
  await deps.db
    .insertInto("events")
    .values({
      eventNumber,
      madeBy,
      status: "active",
      version: 1,
      eventType: "Quizzes",
      eventName: `Quiz night ${counter}`,
      organisationName: "IIT Delhi",
      modeOfEvent: "Online",
      participationType: "individual",
      startDate: now,
      endDate: new Date(deps.clock.now().getTime() + 5 * 86_400_000).toISOString(),
      contactDetails: "[]",
      importantDates: "[]",
      rounds: "[]",
      prizes: "[]",
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
      ...overrides,
    })
    .execute();
  const row = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirstOrThrow();
  await syncEventReminders(deps.db, deps.clock, row);
  return row;
}

/**
 * A registration straight in the database (SPEC-2 §1's tables): an individual, or a team led by
 * the first of `userIds`. For tests of what follows registering, not of registering itself.
 */
export async function insertRegistration(
  deps: Pick<Deps, "db" | "clock">,
  event: Pick<EventRow, "id">,
  userIds: string[],
  type: "individual" | "team" = userIds.length > 1 ? "team" : "individual",
): Promise<string> {
  const now = deps.clock.now().toISOString();
  const id = `reg${Math.random().toString(36).slice(2, 14)}`;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("registrations")
      .values({
        id,
        eventId: event.id,
        type,
        teamName: type === "team" ? `Team ${id.slice(-4)}` : null,
        code: type === "team" ? id.slice(-6).toUpperCase() : null,
        leaderId: userIds[0],
        size: userIds.length,
        createdAt: now,
      })
      .execute();
    for (const userId of userIds)
      await trx
        .insertInto("registrationMembers")
        .values({
          registrationId: id,
          eventId: event.id,
          userId,
          phone: "9876543210",
          collegeName: "IIT Delhi",
          course: "B.Tech",
          joinedAt: now,
        })
        .execute();
  });
  return id;
}

/** The fields an event card carries and no more (lists, search, saved), in sorted order. */
export const EVENT_CARD_KEYS = [
  "cityName",
  "endDate",
  "eventLogo",
  "eventName",
  "eventNumber",
  "eventType",
  "festivalName",
  "firstPrize",
  "modeOfEvent",
  "org",
  "organisationName",
  "stateName",
  "status",
];

/** An empty draft (no step saved yet) straight in the database, as claiming a number leaves it. */
export async function insertEmptyDraft(
  deps: Pick<Deps, "db" | "clock">,
  madeBy: string,
  eventNumber: string,
) {
  const now = deps.clock.now().toISOString();
  const row: NewEvent = {
    eventNumber,
    madeBy,
    status: "draft",
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await deps.db.insertInto("events").values(row).execute();
}

/** Two rounds as the Rounds panel sends them (India time): Prelims on 1 December, then Finals. */
export function prelimsAndFinals(finalsDay: string) {
  return [
    {
      title: "Prelims",
      description: "Written round",
      startDate: "2026-12-01T10:00",
      endDate: "2026-12-01T12:00",
      isEliminatorRound: "true",
    },
    {
      title: "Finals",
      description: "On stage",
      startDate: `${finalsDay}T10:00`,
      endDate: `${finalsDay}T12:00`,
      isEliminatorRound: "false",
    },
  ];
}

/** Step 1's form with its required words (an online quiz, 'Brain Bowl'); the logo is the caller's. */
export function step1Form(): FormData {
  const form = new FormData();
  form.append("eventType", "Quizzes");
  form.append("eventName", "Brain Bowl");
  form.append("organisationName", "IIT Delhi");
  form.append("modeOfEvent", "Online");
  return form;
}
