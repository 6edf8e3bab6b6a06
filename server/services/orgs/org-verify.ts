/**
 * Verification (SPEC-4 §4): an owner or admin gives an address at a college domain; the mailed
 * link, opened by that admin signed in within 24 hours, sets `verifiedDomain` to its domain.
 * Changing `college` clears it (orgs.ts), and a link sent before the change does nothing.
 */
import {
  collegeDomainOf,
  ORG_MESSAGES as M,
  type OrgVerifyView,
  orgVerifySchema,
  VERIFY_HOURS,
} from "#server/contracts/orgs";
import type { Db } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { ApiError, forbidden, notFound, parseBody } from "#server/lib/errors";
import { newToken, sha256 } from "#server/lib/crypto";
import { orgVerifyMail } from "#server/mail/org-mails";
import { orgRoleOf, requireOrgAdmin } from "./org-access";

const HOUR = 3_600_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const gone = (message: string) => new ApiError(410, message);

/** POST /org/{handle}/verify (owner/admin): mails the link to the address given. */
export async function askVerification(
  deps: Pick<Deps, "db" | "clock" | "mail" | "config">,
  user: UserRow | null,
  handle: string,
  body: () => unknown,
): Promise<{ message: string; email: string; expiresAt: string }> {
  const { org } = await requireOrgAdmin(deps.db, user, handle);
  const { email } = parseBody(orgVerifySchema, body());
  const domain = collegeDomainOf(email)!;
  const now = deps.clock.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + VERIFY_HOURS * HOUR).toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("orgVerifications")
      .values({
        tokenHash: sha256(token),
        orgId: org.id,
        userId: user!.id,
        email,
        domain,
        college: org.college,
        createdAt: now.toISOString(),
        expiresAt,
        usedAt: null,
      })
      .execute();
    await deps.mail.queue(trx, orgVerifyMail(deps.config.appUrl, email, org, token, VERIFY_HOURS));
  });
  deps.mail.poke();
  return { message: `We sent a link to ${email}. It works for 24 hours.`, email, expiresAt };
}

async function linkByToken(db: Db, token: string) {
  const row = TOKEN_PATTERN.test(token)
    ? await db
        .selectFrom("orgVerifications as v")
        .innerJoin("organisations as o", "o.id", "v.orgId")
        .select([
          "v.tokenHash",
          "v.orgId",
          "v.userId",
          "v.email",
          "v.domain",
          "v.college",
          "v.expiresAt",
          "v.usedAt",
          "o.handle",
          "o.name",
          "o.college as orgCollege",
          "o.verifiedDomain",
        ])
        .where("v.tokenHash", "=", sha256(token))
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound(M.linkInvalid);
  return row;
}

/** GET /org-verify/{token}: what the page shows before its button (opening it changes nothing). */
export async function viewVerification(
  deps: Pick<Deps, "db" | "clock">,
  token: string,
): Promise<OrgVerifyView> {
  const row = await linkByToken(deps.db, token);
  return {
    handle: row.handle,
    name: row.name,
    email: row.email,
    domain: row.domain,
    expired: row.expiresAt <= deps.clock.now().toISOString(),
    used: !!row.usedAt,
  };
}

/**
 * POST /org-verify/{token} (cred): the admin who asked, within 24 hours, while still an admin
 * and the college unchanged, sets `verifiedDomain`. Opening a used link again answers the same.
 */
export async function confirmVerification(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  token: string,
): Promise<{ handle: string; verifiedDomain: string }> {
  const row = await linkByToken(deps.db, token);
  if (row.userId !== user.id) throw forbidden(M.linkOtherUser);
  if (!(await orgRoleOf(deps.db, row.orgId, user.id))) throw forbidden(M.notAdmin);
  if (row.usedAt) {
    if (row.verifiedDomain === row.domain)
      return { handle: row.handle, verifiedDomain: row.domain };
    throw gone(M.linkUsed);
  }
  const now = deps.clock.now().toISOString();
  if (row.expiresAt <= now) throw gone(M.linkExpired);
  const sameCollege = (a: string, b: string) =>
    a.replace(/\s+/g, "").toLowerCase() === b.replace(/\s+/g, "").toLowerCase();
  if (!sameCollege(row.college, row.orgCollege)) throw gone(M.linkCollegeChanged);
  await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("orgVerifications")
      .set({ usedAt: now })
      .where("tokenHash", "=", row.tokenHash)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) return;
    // Guarded by the college the link was sent for: a change in between wins.
    await trx
      .updateTable("organisations")
      .set({ verifiedDomain: row.domain, updatedAt: now })
      .where("id", "=", row.orgId)
      .where("college", "=", row.orgCollege)
      .execute();
  });
  return { handle: row.handle, verifiedDomain: row.domain };
}
