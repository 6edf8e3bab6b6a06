/**
 * An organisation's admins (SPEC-4 §4): invitations by a mailed link (as SPEC-3's organiser
 * invitations), accepting, removing, and handing the organisation over to an admin.
 */
import {
  ORG_INVITE_DAYS,
  ORG_MESSAGES as M,
  type OrgInvite,
  type OrgInviteView,
  orgInviteSchema,
  orgOwnerSchema,
  type Organisation,
} from "#server/contracts/orgs";
import { TEAM_MESSAGES } from "#server/contracts/team";
import { type Db, isUniqueViolation } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { ApiError, badRequest, conflict, forbidden, notFound, parseBody } from "#server/lib/errors";
import { newPublicId, newToken, sha256 } from "#server/lib/crypto";
import { orgInviteMail } from "#server/mail/org-mails";
import { fullName } from "#server/services/team/activity";
import { orgByHandle, orgRoleOf, requireOrgAdmin } from "./org-access";
import { toOrgJson } from "./org-json";

type AdminDeps = Pick<Deps, "db" | "clock" | "mail" | "config">;
const DAY = 86_400_000;
const gone = (message: string) => new ApiError(410, message);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

async function runsOrg(db: Db, orgId: number, email: string): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  return !!user && (await orgRoleOf(db, orgId, user.id)) !== null;
}

/**
 * POST /org/{handle}/admins/invite (owner/admin): mails a link lasting 7 days. The partial unique
 * index keeps one pending invitation per address, whatever arrives at once.
 */
export async function inviteOrgAdmin(
  deps: AdminDeps,
  user: UserRow | null,
  handle: string,
  body: () => unknown,
): Promise<OrgInvite> {
  const { org } = await requireOrgAdmin(deps.db, user, handle);
  const { email } = parseBody(orgInviteSchema, body());
  const now = deps.clock.now();
  const token = newToken();
  const invite = {
    id: newPublicId(),
    orgId: org.id,
    email,
    tokenHash: sha256(token),
    invitedBy: user!.id,
    invitedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ORG_INVITE_DAYS * DAY).toISOString(),
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (await runsOrg(trx, org.id, email)) throw conflict(M.alreadyAdmin);
      // An expired invitation no longer holds the address: retired, so a new one can be sent.
      await trx
        .updateTable("orgInvites")
        .set({ cancelledAt: invite.invitedAt })
        .where("orgId", "=", org.id)
        .where("email", "=", email)
        .where("acceptedAt", "is", null)
        .where("cancelledAt", "is", null)
        .where("expiresAt", "<=", invite.invitedAt)
        .execute();
      await trx.insertInto("orgInvites").values(invite).execute();
      await deps.mail.queue(
        trx,
        orgInviteMail(deps.config.appUrl, email, org, fullName(user!), token, ORG_INVITE_DAYS),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TEAM_MESSAGES.alreadyInvited);
    throw err;
  }
  deps.mail.poke();
  return { _id: invite.id, email, invitedAt: invite.invitedAt, expiresAt: invite.expiresAt };
}

/** GET /org/{handle}/admins/invites (owner/admin): the pending invitations, for the settings page. */
export async function pendingOrgInvites(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow | null,
  handle: string,
): Promise<OrgInvite[]> {
  const { org } = await requireOrgAdmin(deps.db, user, handle);
  const rows = await deps.db
    .selectFrom("orgInvites")
    .select(["id", "email", "invitedAt", "expiresAt"])
    .where("orgId", "=", org.id)
    .where("acceptedAt", "is", null)
    .where("cancelledAt", "is", null)
    .where("expiresAt", ">", deps.clock.now().toISOString())
    .orderBy("invitedAt")
    .execute();
  return rows.map(({ id, ...r }) => ({ _id: id, ...r }));
}

async function inviteByToken(db: Db, token: string) {
  const row = TOKEN_PATTERN.test(token)
    ? await db
        .selectFrom("orgInvites as i")
        .innerJoin("organisations as o", "o.id", "i.orgId")
        .innerJoin("users as u", "u.id", "i.invitedBy")
        .select([
          "i.id",
          "i.orgId",
          "i.email",
          "i.expiresAt",
          "i.cancelledAt",
          "i.acceptedAt",
          "o.handle",
          "o.name",
          "u.firstName",
          "u.lastName",
        ])
        .where("i.tokenHash", "=", sha256(token))
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(TEAM_MESSAGES.notFound);
  return row;
}

type InviteRow = Awaited<ReturnType<typeof inviteByToken>>;

function stateOf(row: InviteRow, now: string): "pending" | "accepted" | "expired" | "cancelled" {
  if (row.acceptedAt) return "accepted";
  if (row.cancelledAt && row.cancelledAt < row.expiresAt) return "cancelled";
  return row.expiresAt <= now ? "expired" : "pending";
}

/** GET /org-invite/{token}: what the invitation page shows, signed in or not. */
export async function viewOrgInvite(
  deps: Pick<Deps, "db" | "clock">,
  token: string,
): Promise<OrgInviteView> {
  const row = await inviteByToken(deps.db, token);
  const state = stateOf(row, deps.clock.now().toISOString());
  if (state === "cancelled") throw gone(TEAM_MESSAGES.cancelled);
  return {
    handle: row.handle,
    name: row.name,
    email: row.email,
    invitedBy: fullName(row),
    expired: state === "expired",
  };
}

/**
 * POST /org-invite/{token}/accept: only by the signed-in user with its address (403 'This
 * invitation is for another e-mail address'); 410 when expired or cancelled. Accepting again
 * answers the caller's current role and changes nothing.
 */
export async function acceptOrgInvite(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  token: string,
): Promise<{ handle: string; role: "owner" | "admin" }> {
  const row = await inviteByToken(deps.db, token);
  if (row.email !== user.email.toLowerCase()) throw forbidden(TEAM_MESSAGES.otherAddress);
  const now = deps.clock.now().toISOString();
  const current = async () => {
    const role = await orgRoleOf(deps.db, row.orgId, user.id);
    if (!role) throw gone(TEAM_MESSAGES.cancelled);
    return { handle: row.handle, role };
  };
  const state = stateOf(row, now);
  if (state === "accepted") return current();
  if (state === "cancelled") throw gone(TEAM_MESSAGES.cancelled);
  if (state === "expired") throw gone(TEAM_MESSAGES.expired);
  await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable("orgInvites")
      .set({ acceptedAt: now })
      .where("id", "=", row.id)
      .where("acceptedAt", "is", null)
      .where("cancelledAt", "is", null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return;
    if (await orgRoleOf(trx, row.orgId, user.id)) return;
    await trx
      .insertInto("orgAdmins")
      .values({ orgId: row.orgId, userId: user.id, addedAt: now })
      .onConflict((oc) => oc.columns(["orgId", "userId"]).doNothing())
      .execute();
  });
  return current();
}

/**
 * POST /org/{handle}/admins/{userId}/remove: by the owner or an admin, or by the admin
 * themself (leaving). Their rights on its events go at once (they are read at each call).
 */
export async function removeOrgAdmin(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  handle: string,
  userId: string,
): Promise<Organisation> {
  const self = !!user && user.id === userId;
  const org = self
    ? await orgByHandle(deps.db, handle)
    : (await requireOrgAdmin(deps.db, user, handle)).org;
  if (org.ownerId === userId) throw conflict(M.ownerRemove);
  const done = await deps.db
    .deleteFrom("orgAdmins")
    .where("orgId", "=", org.id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (Number(done.numDeletedRows) === 0) {
    // Someone who is not an admin "leaving" learns nothing more than a stranger would.
    if (self) throw forbidden(M.notAdmin);
    throw notFound(M.adminNotFound);
  }
  return toOrgJson(deps.db, org, user!.id);
}

/**
 * POST /org/{handle}/owner (owner): hands the organisation to one of its admins; the old owner
 * becomes an admin. The update is guarded by the current owner, so two hand-overs at once
 * cannot both happen.
 */
export async function handOverOrg(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow | null,
  handle: string,
  body: () => unknown,
): Promise<Organisation> {
  const { org, role } = await requireOrgAdmin(deps.db, user, handle);
  if (role !== "owner") throw forbidden(M.ownerOnly);
  const { userId } = parseBody(orgOwnerSchema, body());
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const admin = await trx
      .deleteFrom("orgAdmins")
      .where("orgId", "=", org.id)
      .where("userId", "=", userId)
      .executeTakeFirst();
    if (Number(admin.numDeletedRows) === 0)
      throw badRequest(M.chooseAdmin, { userId: [M.chooseAdmin] });
    const moved = await trx
      .updateTable("organisations")
      .set({ ownerId: userId, updatedAt: now })
      .where("id", "=", org.id)
      .where("ownerId", "=", user!.id)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw forbidden(M.ownerOnly);
    await trx
      .insertInto("orgAdmins")
      .values({ orgId: org.id, userId: user!.id, addedAt: now })
      .onConflict((oc) => oc.columns(["orgId", "userId"]).doNothing())
      .execute();
  });
  return toOrgJson(deps.db, await orgByHandle(deps.db, handle), user!.id);
}
