/** Invitations to the organising team (SPEC-3 §1): invite, cancel, read by link, accept. */
import {
  INVITE_DAYS,
  type InviteView,
  inviteSchema,
  MAX_ORGANISERS,
  TEAM_MESSAGES as M,
  type TeamInvite,
} from "#server/contracts/team";
import type { Role, TeamRole } from "#server/contracts/team-roles";
import { type Db, isUniqueViolation } from "#server/db/connect";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { ApiError, conflict, forbidden, notFound, parseBody } from "#server/lib/errors";
import { newPublicId, newToken, sha256 } from "#server/lib/crypto";
import { teamInviteMail, teamJoinedMail } from "#server/mail/team-mails";
import { fullName, recordActivity } from "./activity";
import { lockEvent } from "./members";
import { type Access, eventByNumber, requireRight, roleOn } from "./permissions";

type InviteDeps = Pick<Deps, "db" | "clock" | "mail" | "config">;
const DAY = 86_400_000;
const gone = (message: string) => new ApiError(410, message);

async function isRegistered(db: Db, eventId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("registrationMembers as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select("m.userId")
    .where("m.eventId", "=", eventId)
    .where("u.email", "=", email)
    .executeTakeFirst();
  return !!row;
}

async function isOnTeam(db: Db, event: EventRow, email: string): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  return !!user && (await roleOn(db, event, user.id)) !== null;
}

/** Members (the owner counts) and pending invitations together. */
async function teamSize(db: Db, eventId: number, now: string): Promise<number> {
  const members = await db
    .selectFrom("eventOrganisers")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("eventId", "=", eventId)
    .executeTakeFirstOrThrow();
  const invites = await db
    .selectFrom("organiserInvites")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("eventId", "=", eventId)
    .where("acceptedAt", "is", null)
    .where("cancelledAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirstOrThrow();
  return 1 + Number(members.n) + Number(invites.n);
}

/**
 * POST /event/{n}/organisers/invite. The checks and the insert run under the event's lock; the
 * partial unique index keeps one pending invitation per address even so.
 */
export async function inviteOrganiser(
  deps: InviteDeps,
  user: UserRow | null,
  eventNumber: string,
  body: unknown,
): Promise<TeamInvite> {
  const access = await requireRight(deps, user, eventNumber, "team.manage");
  const { email, role } = parseBody(inviteSchema, body);
  const { event } = access;
  const now = deps.clock.now();
  const token = newToken();
  const invite = {
    id: newPublicId(),
    eventId: event.id,
    email,
    role,
    tokenHash: sha256(token),
    invitedBy: access.user.id,
    invitedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITE_DAYS * DAY).toISOString(),
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      await lockEvent(trx, event.id);
      if (await isOnTeam(trx, event, email)) throw conflict(M.alreadyMember);
      // An expired invitation no longer holds the address: retired, so a new one can be sent.
      await trx
        .updateTable("organiserInvites")
        .set({ cancelledAt: invite.invitedAt })
        .where("eventId", "=", event.id)
        .where("email", "=", email)
        .where("acceptedAt", "is", null)
        .where("cancelledAt", "is", null)
        .where("expiresAt", "<=", invite.invitedAt)
        .execute();
      const pending = await trx
        .selectFrom("organiserInvites")
        .select("id")
        .where("eventId", "=", event.id)
        .where("email", "=", email)
        .where("acceptedAt", "is", null)
        .where("cancelledAt", "is", null)
        .executeTakeFirst();
      if (pending) throw conflict(M.alreadyInvited);
      if (await isRegistered(trx, event.id, email)) throw conflict(M.registered);
      if ((await teamSize(trx, event.id, invite.invitedAt)) >= MAX_ORGANISERS)
        throw conflict(M.tooMany);
      await trx.insertInto("organiserInvites").values(invite).execute();
      await recordActivity(trx, deps, access, "team.invited", `invited ${email} as ${role}`);
      const from = fullName(access.user);
      await deps.mail.queue(
        trx,
        teamInviteMail(deps.config.appUrl, email, event, role, from, token),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.alreadyInvited);
    throw err;
  }
  deps.mail.poke();
  return {
    _id: invite.id,
    email,
    role,
    invitedAt: invite.invitedAt,
    expiresAt: invite.expiresAt,
  };
}

/** POST /event/{n}/organisers/invites/{inviteId}/cancel: a pending invitation stops working. */
export async function cancelInvite(
  deps: InviteDeps,
  user: UserRow | null,
  eventNumber: string,
  inviteId: string,
): Promise<{ message: string }> {
  const access = await requireRight(deps, user, eventNumber, "team.manage");
  const row = await deps.db
    .selectFrom("organiserInvites")
    .select(["email", "role"])
    .where("id", "=", inviteId)
    .where("eventId", "=", access.event.id)
    .where("acceptedAt", "is", null)
    .where("cancelledAt", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  await deps.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("organiserInvites")
      .set({ cancelledAt: deps.clock.now().toISOString() })
      .where("id", "=", inviteId)
      .where("acceptedAt", "is", null)
      .where("cancelledAt", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return;
    await recordActivity(
      trx,
      deps,
      access,
      "team.removed",
      `cancelled the invitation of ${row.email} as ${row.role}`,
    );
  });
  return { message: "Invitation cancelled" };
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

async function inviteByToken(db: Db, token: string) {
  const row = TOKEN_PATTERN.test(token)
    ? await db
        .selectFrom("organiserInvites as i")
        .innerJoin("events as e", "e.id", "i.eventId")
        .innerJoin("users as u", "u.id", "i.invitedBy")
        .select([
          "i.id",
          "i.email",
          "i.role",
          "i.expiresAt",
          "i.cancelledAt",
          "i.acceptedAt",
          "e.eventNumber",
          "e.eventName",
          "u.firstName",
          "u.lastName",
        ])
        .where("i.tokenHash", "=", sha256(token))
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(M.notFound);
  return row;
}

type InviteRow = Awaited<ReturnType<typeof inviteByToken>>;

/** Expired, or cancelled (an expired one retired by a new invitation still reads as expired). */
function stateOf(row: InviteRow, now: string): "pending" | "accepted" | "expired" | "cancelled" {
  if (row.acceptedAt) return "accepted";
  if (row.cancelledAt && row.cancelledAt < row.expiresAt) return "cancelled";
  return row.expiresAt <= now ? "expired" : "pending";
}

/** GET /organiser-invite/{token}: what the invitation page shows, signed in or not. */
export async function viewInvite(
  deps: Pick<Deps, "db" | "clock">,
  token: string,
): Promise<InviteView> {
  const row = await inviteByToken(deps.db, token);
  const state = stateOf(row, deps.clock.now().toISOString());
  if (state === "cancelled") throw gone(M.cancelled);
  return {
    eventNumber: row.eventNumber,
    eventName: row.eventName ?? "",
    role: row.role as TeamRole,
    email: row.email,
    invitedBy: fullName(row),
    expired: state === "expired",
  };
}

/**
 * POST /organiser-invite/{token}/accept: only by the signed-in user with its address. Accepting
 * again answers the member's current role and changes nothing.
 */
export async function acceptInvite(
  deps: InviteDeps,
  user: UserRow,
  token: string,
): Promise<{ eventNumber: string; role: Role }> {
  const row = await inviteByToken(deps.db, token);
  if (row.email !== user.email.toLowerCase()) throw forbidden(M.otherAddress);
  const event = await eventByNumber(deps.db, row.eventNumber);
  const now = deps.clock.now().toISOString();
  const current = async () => {
    const role = await roleOn(deps.db, event, user.id);
    if (!role) throw gone(M.cancelled);
    return { eventNumber: event.eventNumber, role };
  };
  const state = stateOf(row, now);
  if (state === "accepted") return current();
  if (state === "cancelled") throw gone(M.cancelled);
  if (state === "expired") throw gone(M.expired);
  const role = row.role as TeamRole;
  const joined = await deps.db.transaction().execute(async (trx) => {
    await lockEvent(trx, event.id);
    const taken = await trx
      .updateTable("organiserInvites")
      .set({ acceptedAt: now })
      .where("id", "=", row.id)
      .where("acceptedAt", "is", null)
      .where("cancelledAt", "is", null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return false;
    if (await isRegistered(trx, event.id, row.email)) throw conflict(M.registered);
    if ((await roleOn(trx, event, user.id)) !== null) throw conflict(M.alreadyMember);
    await trx
      .insertInto("eventOrganisers")
      .values({ eventId: event.id, userId: user.id, role, joinedAt: now })
      .execute();
    const access: Access = { event, user, role };
    await recordActivity(trx, deps, access, "team.joined", `joined the team as ${role}`);
    // Not the one who joined: an admin is told of others joining, not of themselves (issue 45).
    for (const to of await ownerAndAdmins(trx, event, user.id))
      await deps.mail.queue(
        trx,
        teamJoinedMail(deps.config.appUrl, to, event, fullName(user), role),
      );
    return true;
  });
  if (!joined) return current();
  deps.mail.poke();
  return { eventNumber: event.eventNumber, role };
}

async function ownerAndAdmins(db: Db, event: EventRow, except: string) {
  return db
    .selectFrom("users as u")
    .leftJoin("eventOrganisers as o", (j) =>
      j.onRef("o.userId", "=", "u.id").on("o.eventId", "=", event.id),
    )
    .select(["u.email", "u.firstName"])
    .where((eb) => eb.or([eb("u.id", "=", event.madeBy), eb("o.role", "=", "admin")]))
    .where("u.id", "!=", except)
    .execute();
}
