import type { FollowState, Organisation } from "#server/contracts/orgs";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { orgByHandle, orgsRunBy } from "./org-access";
import { followerCount, toOrgJson } from "./org-json";

/**
 * Following (SPEC-4 §4): one `orgFollows` row per person and organisation. Following again, or
 * unfollowing someone who does not follow, changes nothing; `followers` is counted from the rows,
 * so it is exact under any number of parallel requests.
 */
export async function setFollowing(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  handle: string,
  follow: boolean,
): Promise<FollowState> {
  const org = await orgByHandle(deps.db, handle);
  if (follow)
    await deps.db
      .insertInto("orgFollows")
      .values({ orgId: org.id, userId: user.id, createdAt: deps.clock.now().toISOString() })
      .onConflict((oc) => oc.columns(["orgId", "userId"]).doNothing())
      .execute();
  else
    await deps.db
      .deleteFrom("orgFollows")
      .where("orgId", "=", org.id)
      .where("userId", "=", user.id)
      .execute();
  return { following: follow, followers: await followerCount(deps.db, org.id) };
}

/** GET /my/following: the organisations the caller follows, by name. */
export async function myFollowing(deps: Pick<Deps, "db">, user: UserRow): Promise<Organisation[]> {
  const rows = await deps.db
    .selectFrom("orgFollows as f")
    .innerJoin("organisations as o", "o.id", "f.orgId")
    .selectAll("o")
    .where("f.userId", "=", user.id)
    .orderBy("o.name")
    .orderBy("o.handle")
    .limit(500)
    .execute();
  return Promise.all(rows.map((row) => toOrgJson(deps.db, row, user.id)));
}

/** GET /my/orgs: the organisations the caller owns or administers. */
export async function myOrgs(deps: Pick<Deps, "db">, user: UserRow): Promise<Organisation[]> {
  const runs = await orgsRunBy(deps.db, user.id);
  return Promise.all(
    runs.map(async (r) => toOrgJson(deps.db, await orgByHandle(deps.db, r.handle), user.id)),
  );
}
