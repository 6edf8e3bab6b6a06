import type { UserRow } from "#server/db/schema";
import { isUniqueViolation } from "#server/db/connect";
import type { Deps } from "#server/lib/deps";
import { conflict, forbidden } from "#server/lib/errors";
import { newId } from "#server/lib/crypto";
import type { GoogleIdentity } from "./google";
import { destroyAllSessions } from "./sessions";

/**
 * The account for a Google identity:
 * - the user already linked to this Google subject;
 * - else the account with this e-mail, linked only when Google says the e-mail is verified. If
 *   that account had never verified its e-mail, whoever registered it may not own the address:
 *   it loses its password, sessions and pending links, and takes its names from Google;
 * - else a new user, e-mail verified, names and avatar from Google (only for verified e-mails).
 */
export async function signInWithGoogle(
  deps: Pick<Deps, "db" | "clock">,
  identity: GoogleIdentity,
): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await linkOrCreate(deps, identity);
    } catch (err) {
      if (attempt === 0 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

async function linkOrCreate(
  deps: Pick<Deps, "db" | "clock">,
  identity: GoogleIdentity,
): Promise<UserRow> {
  return deps.db.transaction().execute(async (trx) => {
    const linked = await trx
      .selectFrom("users")
      .selectAll()
      .where("googleSub", "=", identity.sub)
      .executeTakeFirst();
    if (linked) return linked;

    const now = deps.clock.now().toISOString();
    const existing = await trx
      .selectFrom("users")
      .selectAll()
      .where("email", "=", identity.email)
      .executeTakeFirst();
    if (existing) {
      if (existing.googleSub)
        throw conflict("This e-mail address is already linked to another Google account.");
      if (!identity.emailVerified) {
        throw forbidden(
          "Google has not verified this e-mail address, so it cannot be linked to your account. Log in with your password instead.",
        );
      }
      const wasUnverified = !existing.emailVerifiedAt;
      await trx
        .updateTable("users")
        .set({
          googleSub: identity.sub,
          updatedAt: now,
          profileImg: existing.profileImg ?? identity.picture,
          ...(wasUnverified
            ? {
                passwordHash: null,
                emailVerifiedAt: now,
                firstName: identity.firstName,
                lastName: identity.lastName,
              }
            : {}),
        })
        .where("id", "=", existing.id)
        .execute();
      if (wasUnverified) {
        await destroyAllSessions({ db: trx }, existing.id);
        await trx.deleteFrom("tokens").where("userId", "=", existing.id).execute();
      }
      return trx
        .selectFrom("users")
        .selectAll()
        .where("id", "=", existing.id)
        .executeTakeFirstOrThrow();
    }

    if (!identity.emailVerified) {
      throw forbidden(
        "Google has not verified your e-mail address. Verify it with Google, or sign up with your e-mail address.",
      );
    }
    const user = {
      id: newId(),
      email: identity.email,
      passwordHash: null,
      emailVerifiedAt: now,
      firstName: identity.firstName,
      lastName: identity.lastName,
      gender: null,
      course: null,
      courseSpecialisation: null,
      collegeName: null,
      location: null,
      profileImg: identity.picture,
      googleSub: identity.sub,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto("users").values(user).execute();
    // Read back: the columns with defaults (the reminder switch …) come from the database.
    return trx.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
  });
}
