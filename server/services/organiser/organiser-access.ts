import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import { NOT_YOUR_EVENT } from "#server/contracts/organiser";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { forbidden, notFound } from "#server/lib/errors";

async function eventByNumber(deps: Pick<Deps, "db">, eventNumber: string) {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) throw notFound("Event not found");
  const row = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirst();
  if (!row) throw notFound("Event not found");
  return row;
}

/** The event for an organiser call (SPEC-2 §4): 404 when unknown, 403 to anyone but its creator. */
export async function organiserEvent(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  user: UserRow,
): Promise<EventRow> {
  const row = await eventByNumber(deps, eventNumber);
  if (row.madeBy !== user.id) throw forbidden(NOT_YOUR_EVENT);
  return row;
}

/** The event for a public read: a draft (or an unpublished event) is 404 except to its creator. */
export async function visibleEvent(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  viewer: UserRow | null,
): Promise<EventRow> {
  const row = await eventByNumber(deps, eventNumber);
  if (row.status !== "active" && row.madeBy !== viewer?.id) throw notFound("Event not found");
  return row;
}
