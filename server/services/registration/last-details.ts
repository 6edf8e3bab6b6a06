import type { LastDetails } from "#server/contracts/registration";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";

/**
 * GET /my/registration-details (issue 45): the phone, college and course the caller gave at their
 * latest registration, so the next form starts with them; empty strings before any.
 */
export async function lastRegistrationDetails(
  deps: Pick<Deps, "db">,
  user: UserRow,
): Promise<LastDetails> {
  const row = await deps.db
    .selectFrom("registrationMembers")
    .select(["phone", "collegeName", "course"])
    .where("userId", "=", user.id)
    .orderBy("joinedAt", "desc")
    .orderBy("registrationId", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? { phone: "", collegeName: "", course: "" };
}
