import { NOT_YOUR_EVENT } from "#server/contracts/organiser";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { forbidden } from "#server/lib/errors";
import { eventByNumber } from "#server/services/events/event-read";

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
