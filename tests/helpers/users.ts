import type { Deps } from "#server/lib/deps";
import type { NewUser, UserRow } from "#server/db/schema";
import { newId } from "#server/lib/crypto";
import { createSession } from "#server/services/accounts/sessions";
import { PROFILE } from "./profile";
import { newUserRow } from "#server/services/accounts/new-user-row";

/** The profile test users have, and the one profile forms in tests send. */
export const TEST_PROFILE = { ...PROFILE, lastName: "Verma" };

/**
 * A verified user straight in the database, with a session cookie, for tests that need someone
 * signed in without going through signup (the accounts tests go through it for real).
 * The password hash is left null: such a user cannot log in with a password.
 */
export async function createUserWithSession(
  deps: Pick<Deps, "db" | "clock" | "config">,
  overrides: Partial<NewUser> = {},
): Promise<{ user: UserRow; cookie: string }> {
  const now = deps.clock.now().toISOString();
  const id = overrides.id ?? newId();
  const user = newUserRow(now, {
    id,
    email: `user.${id}@example.com`,
    emailVerifiedAt: now,
    ...TEST_PROFILE,
    ...overrides,
  });
  await deps.db.insertInto("users").values(user).execute();
  const token = await createSession(deps, id);
  const row = await deps.db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { user: row, cookie: `utsav_session=${token}` };
}
