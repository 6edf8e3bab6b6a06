import { PROFILE_MESSAGES, type PublicProfileInput } from "#server/contracts/profiles";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { badRequest } from "#server/lib/errors";
import { findUserById } from "#server/services/accounts/users";
import { moveUserHandle, takingHandle } from "./handles";

/**
 * The profile page's public-profile setting (SPEC-4 §5): the person's handle and the switch.
 * Taking a new handle frees the old one, in one transaction with the user row, so the user's
 * `handle` and the namespace never disagree. Turning it off is one update: the next read is 404.
 */
export async function setPublicProfile(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  input: PublicProfileInput,
): Promise<UserRow> {
  const handle = input.handle ?? user.handle;
  if (input.publicProfile && !handle)
    throw badRequest(PROFILE_MESSAGES.handleNeeded, { handle: [PROFILE_MESSAGES.handleNeeded] });
  const now = deps.clock.now().toISOString();
  await takingHandle(() =>
    deps.db.transaction().execute(async (trx) => {
      if (handle && handle !== user.handle) await moveUserHandle(trx, user.id, handle, now);
      await trx
        .updateTable("users")
        .set({ handle, publicProfile: input.publicProfile ? 1 : 0, updatedAt: now })
        .where("id", "=", user.id)
        .execute();
    }),
  );
  return (await findUserById(deps, user.id))!;
}
