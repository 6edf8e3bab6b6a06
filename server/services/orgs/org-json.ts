import type { Organisation } from "#server/contracts/orgs";
import type { Db } from "#server/db/connect";
import type { OrganisationRow } from "#server/db/schema";
import { fileUrl } from "#server/services/uploads/uploads";

/** Followers, counted from their rows: exact whatever happened in parallel. */
export async function followerCount(db: Db, orgId: number): Promise<number> {
  const row = await db
    .selectFrom("orgFollows")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("orgId", "=", orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The organisation object of SPEC-4 §4 (names only: never an e-mail or phone). */
export async function toOrgJson(
  db: Db,
  org: OrganisationRow,
  viewerId: string | null = null,
): Promise<Organisation> {
  const [owner, admins, followers, following] = await Promise.all([
    db
      .selectFrom("users")
      .select(["firstName", "lastName"])
      .where("id", "=", org.ownerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orgAdmins as a")
      .innerJoin("users as u", "u.id", "a.userId")
      .select(["u.id as userId", "u.firstName", "u.lastName"])
      .where("a.orgId", "=", org.id)
      .orderBy("a.addedAt")
      .orderBy("u.id")
      .execute(),
    followerCount(db, org.id),
    viewerId
      ? db
          .selectFrom("orgFollows")
          .select("userId")
          .where("orgId", "=", org.id)
          .where("userId", "=", viewerId)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return {
    handle: org.handle,
    name: org.name,
    college: org.college,
    city: org.city,
    about: org.about,
    logo: fileUrl(org.logo),
    website: org.website,
    instagram: org.instagram,
    verifiedDomain: org.verifiedDomain,
    followers,
    owner: { firstName: owner.firstName, lastName: owner.lastName },
    admins,
    createdAt: org.createdAt,
    ...(viewerId ? { following: !!following } : {}),
  };
}
