import type { Role } from "#server/contracts/team-roles";
import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import type { EventRow, UserRow } from "#server/db/schema";
import { reusableStatement } from "#server/db/reusable-statement";
import type { Deps } from "#server/lib/deps";
import { sessionKey, sessionUsers } from "#server/services/accounts/sessions";
import { notFound } from "#server/lib/errors";
import { refuseWithoutRight, requireRight, roleFrom } from "#server/services/team/permissions";

/** What a check-in call needs: scanning (owner, admin, volunteer) or undoing (owner, admin). */
export type CheckInRight = "check-in" | "undo";

/** What a scan uses of its event. */
export type ScanEvent = Pick<EventRow, "id" | "eventNumber">;

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

/**
 * A gate's scan reads its session, the event and the scanner's role in one statement (the
 * session middleware leaves the scan's lookup to it): 20 scanners at a gate make these calls
 * back to back, and on PostgreSQL each statement is a round trip. Built once, prepared.
 */
const scannerRows = reusableStatement(["tokenHash", "now", "eventNumber"], (db, v) =>
  sessionUsers(db, v.tokenHash, v.now)
    .leftJoin("events as e", (join) => join.on("e.eventNumber", "=", v.eventNumber))
    .leftJoin("eventOrganisers as t", (join) =>
      join.onRef("t.eventId", "=", "e.id").onRef("t.userId", "=", "users.id"),
    )
    .leftJoin("organisations as o", "o.id", "e.orgId")
    .leftJoin("orgAdmins as oa", (join) =>
      join.onRef("oa.orgId", "=", "o.id").onRef("oa.userId", "=", "users.id"),
    )
    .select([
      "e.id as scanEventId",
      "e.status as scanEventStatus",
      "e.madeBy as scanMadeBy",
      "e.orgId as scanOrgId",
      "t.role as scanTeamRole",
      "o.ownerId as scanOrgOwnerId",
      "oa.userId as scanOrgAdminId",
    ]),
);

/** The session's user, and the event with their role on it (null: no such event). */
export interface ScannerRead {
  user: UserRow;
  event: (ScanEvent & Pick<EventRow, "status">) | null;
  role: Role | null;
}

/** The scanner by the session's token; null when the token names no live session. */
export async function readScanner(
  deps: Pick<Deps, "db" | "clock">,
  token: string,
  eventNumber: string,
): Promise<ScannerRead | null> {
  const key = sessionKey(token, deps.clock.now());
  if (!key) return null;
  const { rows } = await scannerRows(deps.db, {
    ...key,
    // An event number that cannot be one finds no event (404), as `eventByNumber` says.
    eventNumber: EVENT_NUMBER_PATTERN.test(eventNumber) ? eventNumber : "",
  });
  const row = rows[0];
  if (!row) return null;
  const {
    scanEventId,
    scanEventStatus,
    scanMadeBy,
    scanOrgId,
    scanTeamRole,
    scanOrgOwnerId,
    scanOrgAdminId,
    ...user
  } = row;
  if (scanEventId === null) return { user, event: null, role: null };
  const event = {
    id: scanEventId,
    eventNumber,
    status: scanEventStatus!,
    madeBy: scanMadeBy!,
    orgId: scanOrgId,
  };
  const runsTheOrg = scanOrgOwnerId === user.id || scanOrgAdminId !== null;
  const role = roleFrom(event, user.id, scanTeamRole as Role | null, runsTheOrg);
  return { user, event, role };
}

/** The scanner's event if they may scan at it: `requireRight`'s 404 and 403, in its order. */
export function scanEventOf(read: ScannerRead): ScanEvent {
  if (!read.event) throw notFound("Event not found");
  refuseWithoutRight(read.event, read.role, "check-in");
  return read.event;
}
