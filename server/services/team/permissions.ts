/**
 * The one place that answers "may this user do this on this event" (SPEC-3 §1's table). Every
 * organiser call asks `requireRight`; no service or route compares `madeBy` itself.
 */
import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import { NOT_YOUR_EVENT } from "#server/contracts/organiser";
import { TEAM_MESSAGES } from "#server/contracts/team";
import type { Role } from "#server/contracts/team-roles";
import type { Db } from "#server/db/connect";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { forbidden, notFound, unauthorized } from "#server/lib/errors";
import { orgRoleOf } from "#server/services/orgs/org-access";

const OWNER_ADMIN: readonly Role[] = ["owner", "admin"];

/** SPEC-3 §1's table as data: each right and the roles that hold it. */
export const RIGHTS = {
  /** Steps 1–3, publish, unpublish, duplicate. */
  "event.edit": OWNER_ADMIN,
  "event.delete": ["owner"],
  /** SPEC-2 §4–5: registrations and CSV, insights, announcements, results, winners, certificates. */
  organise: OWNER_ADMIN,
  /** Invite, change a role, remove (never the owner). */
  "team.manage": OWNER_ADMIN,
  /** Reading the member list (invitations only to `team.manage`). */
  "team.read": ["owner", "admin", "judge", "volunteer"],
  submissions: OWNER_ADMIN,
  "judging.setup": OWNER_ADMIN,
  leaderboard: OWNER_ADMIN,
  "quiz.setup": OWNER_ADMIN,
  /**
   * Scoring: a judge always may; the owner and admins only when chosen as a judge of the round,
   * which the scoring call checks against the round's judges after this.
   */
  score: ["owner", "admin", "judge"],
  "check-in": ["owner", "admin", "volunteer"],
  /** Undoing a check-in. */
  "check-in.undo": OWNER_ADMIN,
  activity: OWNER_ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type Right = keyof typeof RIGHTS;

/** What a permitted call works with: the event, the caller and the caller's role on it. */
export interface Access {
  event: EventRow;
  user: UserRow;
  role: Role;
}

export function can(role: Role | null, right: Right): boolean {
  return role !== null && (RIGHTS[right] as readonly Role[]).includes(role);
}

/**
 * The numbers of the published events the user may edit (`event.edit`: their own, and those they
 * are an admin of): what a public page needs for its edit links without asking each event.
 */
/** The ids of the organisations a person owns or administers, each arm by its own index. */
export function orgIdsRunBy(db: Db, userId: string) {
  return db
    .selectFrom("organisations")
    .select("id")
    .where("ownerId", "=", userId)
    .union(db.selectFrom("orgAdmins").select("orgId as id").where("userId", "=", userId));
}

export async function editableEventNumbers(db: Db, userId: string): Promise<string[]> {
  const admins = RIGHTS["event.edit"].filter((role) => role !== "owner");
  const rows = await db
    .selectFrom("events")
    .select(["eventNumber", "status"])
    .where("madeBy", "=", userId)
    .union(
      db
        .selectFrom("eventOrganisers as o")
        .innerJoin("events as e", "e.id", "o.eventId")
        .select(["e.eventNumber", "e.status"])
        .where("o.userId", "=", userId)
        .where("o.role", "in", admins),
    )
    // Events of organisations they own or administer (SPEC-4 §4), found from those organisations.
    // A cross join keeps that order on SQLite, whose planner otherwise walked every event (its
    // statistics say most have no organisation): 35 ms at 20,000 events, on every signed-in page.
    .union(
      db
        .selectFrom(orgIdsRunBy(db, userId).as("g"))
        .crossJoin("events as e")
        .select(["e.eventNumber", "e.status"])
        .whereRef("e.orgId", "=", "g.id"),
    )
    .execute();
  // Published ones picked here, not in SQL: asked for a status too, SQLite's planner walked every
  // published event (by status) instead of the user's own (by `madeBy`), 36 ms at 20,000 events.
  return rows.filter((r) => r.status === "active").map((r) => r.eventNumber);
}

/**
 * The caller's role on the event: "owner" for its creator; "admin" for an admin of its team or
 * the owner or an admin of the organisation hosting it (SPEC-4 §4), read at each call, so leaving
 * the organisation takes the rights away at once; else the team row's role, or null.
 */
export async function roleOn(db: Db, event: EventRow, userId: string): Promise<Role | null> {
  if (event.madeBy === userId) return "owner";
  const row = await db
    .selectFrom("eventOrganisers")
    .select("role")
    .where("eventId", "=", event.id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return roleWith(db, event, userId, row?.role ?? null);
}

/** `roleOn` given the caller's team row's role (null: none), already read. */
async function roleWith(
  db: Db,
  event: EventRow,
  userId: string,
  teamRow: string | null,
): Promise<Role | null> {
  const teamRole = (teamRow as Role | null) ?? null;
  // The organisation is asked only when its answer could change the role.
  const asksOrg = event.madeBy !== userId && teamRole !== "admin" && event.orgId != null;
  const runsTheOrg = asksOrg && Boolean(await orgRoleOf(db, event.orgId!, userId));
  return roleFrom(event, userId, teamRole, runsTheOrg);
}

/**
 * The caller's role from what was read: the owner by `madeBy`, an admin of the event's
 * organisation as an admin, else the team row's role.
 */
export function roleFrom(
  event: Pick<EventRow, "madeBy" | "orgId">,
  userId: string,
  teamRole: Role | null,
  runsTheOrg: boolean,
): Role | null {
  if (event.madeBy === userId) return "owner";
  if (teamRole !== "admin" && event.orgId != null && runsTheOrg) return "admin";
  return teamRole;
}

/**
 * `visibleEvent` and the viewer's `roleOn` it, the team row read with the event in one statement:
 * for a call that needs both (registering: the event's own team may not), one round trip less.
 */
export async function visibleEventAndRole(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  viewer: Pick<UserRow, "id">,
): Promise<{ event: EventRow; role: Role | null }> {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) throw notFound("Event not found");
  const row = await deps.db
    .selectFrom("events as e")
    .leftJoin("eventOrganisers as o", (join) =>
      join.onRef("o.eventId", "=", "e.id").on("o.userId", "=", viewer.id),
    )
    .selectAll("e")
    .select("o.role as viewerTeamRole")
    .where("e.eventNumber", "=", eventNumber)
    .executeTakeFirst();
  if (!row) throw notFound("Event not found");
  const { viewerTeamRole, ...event } = row;
  const role = await roleWith(deps.db, event, viewer.id, viewerTeamRole);
  if (event.status !== "active" && !can(role, "event.edit")) throw notFound("Event not found");
  return { event, role };
}

export async function eventByNumber(db: Db, eventNumber: string): Promise<EventRow> {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) throw notFound("Event not found");
  const row = await db
    .selectFrom("events")
    .selectAll()
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirst();
  if (!row) throw notFound("Event not found");
  return row;
}

/**
 * The event if the caller holds `right` on it: 401 signed out, 404 unknown (and a draft to anyone
 * but its owner and admins), 403 to anyone else whose role lacks the right, before any other rule.
 */
export async function requireRight(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  right: Right,
): Promise<Access> {
  if (!user) throw unauthorized();
  const event = await eventByNumber(deps.db, eventNumber);
  const role = await roleOn(deps.db, event, user.id);
  refuseWithoutRight(event, role, right);
  return { event, user, role };
}

/** `requireRight`'s refusals in its order, given the event and the caller's role: 404, then 403. */
export function refuseWithoutRight(
  event: Pick<EventRow, "status">,
  role: Role | null,
  right: Right,
): asserts role is Role {
  if (event.status !== "active" && !can(role, "event.edit")) throw notFound("Event not found");
  if (!role) throw forbidden(NOT_YOUR_EVENT);
  if (!can(role, right)) throw forbidden(TEAM_MESSAGES.roleForbidden);
}

/** An event a viewer may read: a draft (or an unpublished event) is 404 except to its owner and admins. */
export async function visibleEvent(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  viewer: Pick<UserRow, "id"> | null,
): Promise<EventRow> {
  const event = await eventByNumber(deps.db, eventNumber);
  await refuseUnlessVisible(deps.db, event, viewer);
  return event;
}

/** `visibleEvent`'s rule for an event row already read (with more in the same query). */
export async function refuseUnlessVisible(
  db: Db,
  event: EventRow,
  viewer: Pick<UserRow, "id"> | null,
): Promise<void> {
  if (event.status === "active") return;
  const role = viewer ? await roleOn(db, event, viewer.id) : null;
  if (!can(role, "event.edit")) throw notFound("Event not found");
}
