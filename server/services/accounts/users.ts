import type { Deps } from "#server/lib/deps";
import { isUniqueViolation } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type {
  ForgotPasswordInput,
  LoginInput,
  ProfileInput,
  SignupInput,
} from "#server/contracts/user";
import { ApiError, badRequest, forbidden, unauthorized } from "#server/lib/errors";
import { newId } from "#server/lib/crypto";
import { resetMail, signupAttemptMail, verificationMail } from "#server/mail/templates";
import { hashPassword, spendPasswordCheck, verifyPassword } from "./auth-passwords";
import { consumeToken, isTokenOpen, issueToken, retireTokens } from "./auth-tokens";
import { createSession, destroyAllSessions, destroySession } from "./sessions";
import { storeImage } from "#server/services/uploads/uploads";
import { newUserRow } from "./new-user-row";

/** The answers of the /user calls. The same text whatever the account's state, where it matters. */
export const ACCOUNT_MESSAGES = {
  signup:
    "A verification link has been sent to your e-mail. Please open it to verify your account.",
  verified: "Email verified successfully",
  invalidLink: "This link is invalid or has expired",
  invalidCredentials: "Invalid Email or Password",
  unverified:
    "Please verify your e-mail before logging in. We have sent you a new verification link.",
  forgot: "If an account exists for this e-mail, a password reset link has been sent to it.",
  reset: "Password reset successfully. Please log in with your new password.",
  resetLinkOpen: "Choose a new password",
  loggedOut: "Logged out successfully",
} as const;

type AccountDeps = Pick<Deps, "db" | "clock" | "config" | "mail">;

export async function findUserByEmail(
  deps: Pick<Deps, "db">,
  email: string,
): Promise<UserRow | undefined> {
  return deps.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(
  deps: Pick<Deps, "db">,
  id: string,
): Promise<UserRow | undefined> {
  return deps.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Creates an unverified account and mails its verification link. An address already registered
 * gets the same answer and a "someone tried to sign up" mail instead, so signup cannot tell
 * anyone which addresses have accounts.
 */
export async function signup(deps: AccountDeps, input: SignupInput): Promise<void> {
  // Hashed before anything else, so both paths take the same time.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps, input.email);
  if (existing) {
    await deps.mail.queue(deps.db, signupAttemptMail(deps.config.appUrl, existing));
    deps.mail.poke();
    return;
  }
  const now = deps.clock.now().toISOString();
  const id = newId();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("users")
        .values(
          newUserRow(now, {
            id,
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName ?? null,
          }),
        )
        .execute();
      const token = await issueToken(trx, deps.clock, id, "verify");
      await deps.mail.queue(
        trx,
        verificationMail(deps.config.appUrl, input, id, token, input.redirectTo),
      );
    });
  } catch (err) {
    // Two signups with one address at once: the loser is a duplicate like any other.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findUserByEmail(deps, input.email);
    if (winner) await deps.mail.queue(deps.db, signupAttemptMail(deps.config.appUrl, winner));
  }
  deps.mail.poke();
}

export async function verifyEmail(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  token: string,
): Promise<void> {
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, deps.clock, { userId, token, purpose: "verify" }))) return false;
    await trx
      .updateTable("users")
      .set({
        emailVerifiedAt: deps.clock.now().toISOString(),
        updatedAt: deps.clock.now().toISOString(),
      })
      .where("id", "=", userId)
      .where("emailVerifiedAt", "is", null)
      .execute();
    return true;
  });
  if (!done) throw badRequest(ACCOUNT_MESSAGES.invalidLink);
}

/**
 * Checks the password and starts a fresh session. Whatever session the browser presented is
 * deleted (no fixation). An unverified account gets a new verification mail and a clear refusal,
 * but only once the password is right, so this too tells nothing to someone guessing.
 */
export async function login(
  deps: AccountDeps,
  input: LoginInput,
  presentedToken: string | null,
): Promise<{ user: UserRow; token: string }> {
  const user = await findUserByEmail(deps, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await spendPasswordCheck(input.password);
  if (!user || !ok) throw unauthorized(ACCOUNT_MESSAGES.invalidCredentials);
  if (!user.emailVerifiedAt) {
    await deps.db.transaction().execute(async (trx) => {
      const token = await issueToken(trx, deps.clock, user.id, "verify");
      await deps.mail.queue(
        trx,
        verificationMail(deps.config.appUrl, user, user.id, token, input.redirectTo),
      );
    });
    deps.mail.poke();
    throw forbidden(ACCOUNT_MESSAGES.unverified);
  }
  if (presentedToken) await destroySession(deps, presentedToken);
  const token = await createSession(deps, user.id);
  return { user, token };
}

/** Mails a reset link when the account exists; the caller answers the same either way. */
export async function forgotPassword(deps: AccountDeps, input: ForgotPasswordInput): Promise<void> {
  const user = await findUserByEmail(deps, input.email);
  if (!user) return;
  await deps.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, deps.clock, user.id, "reset");
    await deps.mail.queue(trx, resetMail(deps.config.appUrl, user, user.id, token));
  });
  deps.mail.poke();
}

/**
 * Checks a reset link without using it, so the page can say at once that it no longer works
 * (one answer for unknown, used and expired links, as the reset itself gives).
 */
export async function checkResetLink(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  token: string,
): Promise<void> {
  if (!(await isTokenOpen(deps.db, deps.clock, { userId, token, purpose: "reset" })))
    throw badRequest(ACCOUNT_MESSAGES.invalidLink);
}

/**
 * Sets a new password with a reset link, once. Every session of the user ends (whoever had the
 * old password is logged out) and the other reset links stop working. Opening the mailed link
 * proves the address, so an unverified account becomes verified.
 */
export async function resetPassword(
  deps: Pick<Deps, "db" | "clock">,
  userId: string,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, deps.clock, { userId, token, purpose: "reset" }))) return false;
    const now = deps.clock.now().toISOString();
    await trx
      .updateTable("users")
      .set({ passwordHash, updatedAt: now })
      .where("id", "=", userId)
      .execute();
    await trx
      .updateTable("users")
      .set({ emailVerifiedAt: now })
      .where("id", "=", userId)
      .where("emailVerifiedAt", "is", null)
      .execute();
    await retireTokens(trx, deps.clock, userId, "reset");
    await destroyAllSessions({ db: trx }, userId);
    return true;
  });
  if (!done) throw badRequest(ACCOUNT_MESSAGES.invalidLink);
}

/**
 * Replaces the editable profile fields (a dropped optional field is cleared) and, when a file
 * came, the avatar. Answers the updated row.
 */
export async function updateProfile(
  deps: Pick<Deps, "db" | "clock" | "storage">,
  user: UserRow,
  input: ProfileInput,
  avatar: File | null,
  keptAvatar: string | null = null,
): Promise<UserRow> {
  let profileImg = keptAvatar ?? user.profileImg;
  if (avatar) {
    try {
      profileImg = await storeImage(deps, avatar, "avatar");
    } catch (err) {
      // Keyed by the field so the form shows it under the avatar picker.
      if (err instanceof ApiError)
        throw new ApiError(err.status, err.message, { profileImg: [err.message] }, err.headers);
      throw err;
    }
  }
  await deps.db
    .updateTable("users")
    .set({
      firstName: input.firstName,
      lastName: input.lastName ?? null,
      gender: input.gender,
      course: input.course,
      courseSpecialisation: input.courseSpecialisation,
      collegeName: input.collegeName,
      location: input.location,
      profileImg,
      ...(input.emailReminders === undefined
        ? {}
        : { emailReminders: input.emailReminders ? 1 : 0 }),
      ...(input.emailFollowing === undefined
        ? {}
        : { emailFollowing: input.emailFollowing ? 1 : 0 }),
      updatedAt: deps.clock.now().toISOString(),
    })
    .where("id", "=", user.id)
    .execute();
  return (await findUserById(deps, user.id))!;
}
