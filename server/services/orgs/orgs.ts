import type { NewOrgInput, OrgDetailsInput, Organisation } from "#server/contracts/orgs";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { ApiError } from "#server/lib/errors";
import { takingHandle } from "#server/services/profiles/handles";
import { storeImage } from "#server/services/uploads/uploads";
import { orgByHandle, requireOrgAdmin } from "./org-access";
import { toOrgJson } from "./org-json";

type OrgDeps = Pick<Deps, "db" | "clock" | "storage">;

/** The logo stored as event logos are; its refusal keyed by the field, for the form. */
async function storeLogo(
  deps: OrgDeps,
  logo: File | null,
  kept: string | null,
): Promise<string | null> {
  if (!logo) return kept;
  try {
    return await storeImage(deps, logo, "logo");
  } catch (err) {
    if (err instanceof ApiError)
      throw new ApiError(err.status, err.message, { logo: [err.message] }, err.headers);
    throw err;
  }
}

const details = (input: OrgDetailsInput) => ({
  name: input.name,
  college: input.college,
  city: input.city,
  about: input.about ?? null,
  website: input.website ?? null,
  instagram: input.instagram ?? null,
});

/**
 * POST /orgs: the caller owns the new organisation. Its handle is taken in the same transaction
 * (the `handles` row): a handle anyone holds, person or organisation, is 'This handle is taken'.
 */
export async function createOrg(
  deps: OrgDeps,
  user: UserRow,
  input: NewOrgInput,
  logoFile: File | null,
  keptLogo: string | null = null,
): Promise<Organisation> {
  const logo = await storeLogo(deps, logoFile, keptLogo);
  const now = deps.clock.now().toISOString();
  const org = await takingHandle(() =>
    deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("organisations")
        .values({
          handle: input.handle,
          ...details(input),
          logo,
          verifiedDomain: null,
          ownerId: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("handles")
        .values({ handle: input.handle, userId: null, orgId: row.id, createdAt: now })
        .execute();
      return row;
    }),
  );
  return toOrgJson(deps.db, org, user.id);
}

/** GET /org/{handle}: anyone; `following` for a signed-in caller. */
export async function getOrg(
  deps: Pick<Deps, "db">,
  handle: string,
  viewer: UserRow | null,
): Promise<Organisation> {
  return toOrgJson(deps.db, await orgByHandle(deps.db, handle), viewer?.id ?? null);
}

/**
 * POST /org/{handle} (owner/admin): every field but the handle; a dropped optional field is
 * cleared, the logo kept unless a new one came. A new `college` clears the verification.
 */
export async function updateOrg(
  deps: OrgDeps,
  user: UserRow | null,
  handle: string,
  input: () => OrgDetailsInput,
  logoFile: File | null,
  keptLogo: () => Promise<string | null> = async () => null,
): Promise<Organisation> {
  // Permission first (SPEC-3's convention), then the body's rules.
  const { org } = await requireOrgAdmin(deps.db, user, handle);
  const fields = details(input());
  const logo = (await storeLogo(deps, logoFile, await keptLogo())) ?? org.logo;
  const collegeChanged = fields.college.trim().toLowerCase() !== org.college.trim().toLowerCase();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("organisations")
      .set({
        ...fields,
        logo,
        ...(collegeChanged ? { verifiedDomain: null } : {}),
        updatedAt: deps.clock.now().toISOString(),
      })
      .where("id", "=", org.id)
      .execute();
    // Its events bear its name (SPEC-4 §4): in search and on cards too.
    if (fields.name !== org.name)
      await trx
        .updateTable("events")
        .set({ organisationName: fields.name })
        .where("orgId", "=", org.id)
        .execute();
  });
  return getOrg(deps, handle, user);
}

/** Every organisation's handle and last change, for /sitemap.xml (a sitemap holds 50,000). */
export async function orgSitemapEntries(
  deps: Pick<Deps, "db">,
): Promise<{ handle: string; updatedAt: string }[]> {
  return deps.db
    .selectFrom("organisations")
    .select(["handle", "updatedAt"])
    .orderBy("updatedAt", "desc")
    .orderBy("handle")
    .limit(25_000)
    .execute();
}
