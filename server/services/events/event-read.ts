import type { EventData } from "#server/contracts/event-shape";
import type { Deps } from "#server/deps";
import type { UserRow } from "#server/db/schema";
import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import { notFound } from "#server/lib/errors";
import { toEventJson } from "./event-json";

/** One event by number: published ones for everybody, a draft only for its creator (else 404). */
export async function getEventDetails(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  viewer: UserRow | null,
): Promise<EventData> {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) throw notFound("Event not found");
  const row = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirst();
  if (!row || (row.status !== "active" && row.madeBy !== viewer?.id))
    throw notFound("Event not found");
  return toEventJson(row);
}
