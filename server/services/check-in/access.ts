import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { requireRight } from "#server/services/team/permissions";

/** What a check-in call needs: scanning (owner, admin, volunteer) or undoing (owner, admin). */
export type CheckInRight = "check-in" | "undo";

/** The event for a check-in call, through the team's rights (SPEC-3 §1): 404 unknown, 403 to whoever may not. */
export async function checkInEvent(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
  right: CheckInRight,
): Promise<EventRow> {
  const access = await requireRight(
    deps,
    user,
    eventNumber,
    right === "undo" ? "check-in.undo" : "check-in",
  );
  return access.event;
}
