import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { organiserEvent } from "#server/services/organiser/organiser-access";

/** What a check-in call needs: scanning (owner, admin, volunteer) or undoing (owner, admin). */
export type CheckInRight = "check-in" | "undo";

/**
 * The event for a check-in call: 404 unknown, 403 to whoever may not. Today only the owner may
 * (SPEC-2's organiser); when the organising team (SPEC-3 §1) lands, this asks its rights instead.
 */
export async function checkInEvent(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
  _right: CheckInRight,
): Promise<EventRow> {
  return organiserEvent(deps, eventNumber, user);
}
