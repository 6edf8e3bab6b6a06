import type { EventData } from "#server/contracts/event-shape";
import type { Deps } from "#server/lib/deps";
import type { UserRow } from "#server/db/schema";
import { eventJson } from "./event-json";
import { can, roleOn, visibleEvent } from "#server/services/team/permissions";
import { clashesOf } from "#server/services/orgs/clashes";

/** One event by number: published ones for everybody, a draft only for its owner and admins (else 404). */
export async function getEventDetails(
  deps: Pick<Deps, "db" | "clock">,
  eventNumber: string,
  viewer: UserRow | null,
): Promise<EventData> {
  const row = await visibleEvent(deps, eventNumber, viewer);
  // Signed in, the viewer's role on its team (SPEC-3 §1): the edit link shows to owner and admins.
  if (!viewer) return eventJson(deps.db, row, deps.clock.now());
  const myRole = await roleOn(deps.db, row, viewer.id);
  const event = await eventJson(deps.db, row, deps.clock.now());
  // SPEC-4 §4: the organiser sees other events at the same college on these dates.
  if (!can(myRole, "event.edit")) return { ...event, myRole };
  return { ...event, myRole, clashes: await clashesOf(deps.db, row) };
}
