import type { Deps } from "#server/deps";
import type { EventRow, NewEvent } from "#server/db/schema";
import { syncEventReminders } from "#server/services/reminders";

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
