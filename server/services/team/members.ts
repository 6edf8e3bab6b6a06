/** The team's members (SPEC-3 §1): the list, role changes and removal. Invitations are in invites.ts. */
import {
  roleChangeSchema,
  TEAM_MESSAGES as M,
  type TeamInvite,
  type TeamMember,
} from "#server/contracts/team";
import type { Role, TeamRole } from "#server/contracts/team-roles";
import { type Db, isPostgres } from "#server/db/connect";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict, notFound, parseBody } from "#server/lib/errors";
import { fullName, recordActivity } from "./activity";
import { can, requireRight } from "./permissions";

type TeamDeps = Pick<Deps, "db" | "clock">;

/**
 * Takes the event's row lock for a team change (PostgreSQL; SQLite has one writer anyway), so two
 * invitations or acceptances at once count the team one after the other.
 */
export async function lockEvent(trx: Db, eventId: number): Promise<void> {
  const pick = trx.selectFrom("events").select("id").where("id", "=", eventId);
  await (isPostgres(trx) ? pick.forUpdate() : pick).execute();
}

type Person = Pick<UserRow, "id" | "firstName" | "lastName" | "email">;

function memberJson(user: Person, role: Role, joinedAt: string): TeamMember {
  return {
    _id: user.id,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName ?? "",
    email: user.email,
    role,
    joinedAt,
  };
}

/** Every member, the owner first (joined when the event was made), then by joining. */
export async function membersOf(db: Db, event: EventRow): Promise<TeamMember[]> {
  const owner = await db
    .selectFrom("users")
    .select(["id", "firstName", "lastName", "email"])
    .where("id", "=", event.madeBy)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("eventOrganisers as o")
    .innerJoin("users as u", "u.id", "o.userId")
    .select(["u.id", "u.firstName", "u.lastName", "u.email", "o.role", "o.joinedAt"])
    .where("o.eventId", "=", event.id)
    .orderBy("o.joinedAt")
    .orderBy("u.id")
    .execute();
  return [
    memberJson(owner, "owner", event.createdAt),
    ...rows.map((r) => memberJson(r, r.role as Role, r.joinedAt)),
  ];
}

/** Invitations neither accepted, cancelled nor expired, oldest first. */
export async function pendingInvites(db: Db, eventId: number, now: Date): Promise<TeamInvite[]> {
  const rows = await db
    .selectFrom("organiserInvites")
    .select(["id", "email", "role", "invitedAt", "expiresAt"])
    .where("eventId", "=", eventId)
    .where("acceptedAt", "is", null)
    .where("cancelledAt", "is", null)
    .where("expiresAt", ">", now.toISOString())
    .orderBy("invitedAt")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    email: r.email,
    role: r.role as TeamRole,
    invitedAt: r.invitedAt,
    expiresAt: r.expiresAt,
  }));
}

/** GET /event/{n}/organisers: every member sees the members; invitations only the owner and admins. */
export async function listTeam(
  deps: TeamDeps,
  user: UserRow | null,
  eventNumber: string,
): Promise<{ members: TeamMember[]; invites: TeamInvite[] }> {
  const { event, role } = await requireRight(deps, user, eventNumber, "team.read");
  return {
    members: await membersOf(deps.db, event),
    invites: can(role, "team.manage")
      ? await pendingInvites(deps.db, event.id, deps.clock.now())
      : [],
  };
}

async function memberRow(db: Db, eventId: number, memberId: string) {
  const row = await db
    .selectFrom("eventOrganisers as o")
    .innerJoin("users as u", "u.id", "o.userId")
    .select(["u.id", "u.firstName", "u.lastName", "u.email", "o.role", "o.joinedAt"])
    .where("o.eventId", "=", eventId)
    .where("o.userId", "=", memberId)
    .executeTakeFirst();
  if (!row) throw notFound(M.memberNotFound);
  return row;
}

/** POST /event/{n}/organisers/{memberId}: a new role for an admin, judge or volunteer. */
export async function changeRole(
  deps: TeamDeps,
  user: UserRow | null,
  eventNumber: string,
  memberId: string,
  body: unknown,
): Promise<TeamMember> {
  const access = await requireRight(deps, user, eventNumber, "team.manage");
  if (memberId === access.event.madeBy) throw conflict(M.ownerRole);
  const { role } = parseBody(roleChangeSchema, body);
  const member = await memberRow(deps.db, access.event.id, memberId);
  if (member.role === role) return memberJson(member, role, member.joinedAt);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("eventOrganisers")
      .set({ role })
      .where("eventId", "=", access.event.id)
      .where("userId", "=", memberId)
      .execute();
    await recordActivity(
      trx,
      deps,
      access,
      "team.role-changed",
      `made ${fullName(member)} ${role === "admin" ? "an" : "a"} ${role}`,
    );
  });
  return memberJson(member, role, member.joinedAt);
}

/** POST /event/{n}/organisers/{memberId}/remove: by the owner or an admin, or a member leaving. */
export async function removeMember(
  deps: TeamDeps,
  user: UserRow | null,
  eventNumber: string,
  memberId: string,
): Promise<{ message: string }> {
  const self = user?.id === memberId;
  const access = await requireRight(deps, user, eventNumber, self ? "team.read" : "team.manage");
  if (memberId === access.event.madeBy) throw conflict(M.ownerRemove);
  const member = await memberRow(deps.db, access.event.id, memberId);
  await deps.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("eventOrganisers")
      .where("eventId", "=", access.event.id)
      .where("userId", "=", memberId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return;
    await recordActivity(
      trx,
      deps,
      access,
      "team.removed",
      self ? "left the team" : `removed ${fullName(member)} from the team`,
    );
  });
  return { message: self ? "You left the team" : "Removed from the team" };
}
