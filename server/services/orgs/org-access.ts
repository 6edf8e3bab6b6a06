import { ORG_MESSAGES } from "#server/contracts/orgs";
import type { Db } from "#server/db/connect";
import type { OrganisationRow, UserRow } from "#server/db/schema";
import { forbidden, notFound, unauthorized } from "#server/lib/errors";
import { looksLikeHandle } from "#server/services/profiles/handles";

/**
 * Who runs an organisation (SPEC-4 §4): its owner and its admins. The rights function of part 3
 * (`team/permissions.ts`) asks `orgRoleOf` for an event hosted under an organisation; no route
 * checks organisation membership for events itself.
 */
export async function orgRoleOf(
  db: Db,
  orgId: number,
  userId: string,
): Promise<"owner" | "admin" | null> {
  const row = await db
    .selectFrom("organisations as o")
    .leftJoin("orgAdmins as a", (j) => j.onRef("a.orgId", "=", "o.id").on("a.userId", "=", userId))
    .select(["o.ownerId", "a.userId"])
    .where("o.id", "=", orgId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.ownerId === userId) return "owner";
  return row.userId ? "admin" : null;
}

export async function orgByHandle(db: Db, handle: string): Promise<OrganisationRow> {
  const row = looksLikeHandle(handle)
    ? await db
        .selectFrom("organisations")
        .selectAll()
        .where("handle", "=", handle)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(ORG_MESSAGES.notFound);
  return row;
}

/** The organisation if the caller is its owner or an admin: 401 signed out, 404 unknown, else 403. */
export async function requireOrgAdmin(
  db: Db,
  user: UserRow | null,
  handle: string,
): Promise<{ org: OrganisationRow; role: "owner" | "admin" }> {
  if (!user) throw unauthorized();
  const org = await orgByHandle(db, handle);
  const role = await orgRoleOf(db, org.id, user.id);
  if (!role) throw forbidden(ORG_MESSAGES.notAdmin);
  return { org, role };
}

/** The organisations a person owns or administers, by name: for /my/orgs and their profile. */
export async function orgsRunBy(db: Db, userId: string) {
  const rows = await db
    .selectFrom("organisations as o")
    .leftJoin("orgAdmins as a", (j) => j.onRef("a.orgId", "=", "o.id").on("a.userId", "=", userId))
    .select(["o.id", "o.handle", "o.name", "o.logo", "o.ownerId"])
    .where((eb) => eb.or([eb("o.ownerId", "=", userId), eb("a.userId", "=", userId)]))
    .orderBy("o.name")
    .orderBy("o.handle")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    handle: r.handle,
    name: r.name,
    logo: r.logo,
    role: r.ownerId === userId ? ("owner" as const) : ("admin" as const),
  }));
}
