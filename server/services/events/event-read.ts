import type { EventData } from "#server/contracts/event-shape";
import type { Deps } from "#server/deps";
import type { EventRow, UserRow } from "#server/db/schema";
import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import { notFound } from "#server/lib/errors";
import { toEventJson } from "./event-json";

/** One event's row by number, drafts included: 404 when the number is malformed or unknown. */
export async function eventByNumber(
  deps: Pick<Deps, "db">,
  eventNumber: string,
): Promise<EventRow> {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) throw notFound("Event not found");
  const row = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirst();
  if (!row) throw notFound("Event not found");
  return row;
}

/** The event a viewer may see: published for everybody, a draft only for its creator (else 404). */
export async function visibleEvent(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  viewer: Pick<UserRow, "id"> | null,
): Promise<EventRow> {
  const row = await eventByNumber(deps, eventNumber);
  if (row.status !== "active" && row.madeBy !== viewer?.id) throw notFound("Event not found");
  return row;
}

/** One event by number as JSON, for whoever may see it (visibleEvent). */
export async function getEventDetails(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  viewer: UserRow | null,
): Promise<EventData> {
  return toEventJson(await visibleEvent(deps, eventNumber, viewer));
}
