import type { TeamRole } from "#server/contracts/team";
import type { Deps } from "#server/deps";
import type { UserRow } from "#server/db/schema";
import { createUserWithSession } from "./users";

/** A member of an event's team straight in the database (the invitation API has its own tests). */
export async function addToTeam(
  deps: Pick<Deps, "db" | "clock" | "config">,
  eventId: number,
  role: TeamRole,
  firstName = role[0]!.toUpperCase() + role.slice(1),
): Promise<{ user: UserRow; cookie: string }> {
  const member = await createUserWithSession(deps, { firstName, lastName: "Member" });
  await deps.db
    .insertInto("eventOrganisers")
    .values({
      eventId,
      userId: member.user.id,
      role,
      joinedAt: deps.clock.now().toISOString(),
    })
    .execute();
  return member;
}
