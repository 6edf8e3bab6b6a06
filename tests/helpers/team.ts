import type { TeamRole } from "#server/contracts/team-roles";
import type { Deps } from "#server/lib/deps";
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

/** The team's log of an event as (action, summary) pairs, newest first, straight from the table. */
export async function activityOf(
  deps: Pick<Deps, "db">,
  eventNumber: string,
): Promise<[string, string][]> {
  const rows = await deps.db
    .selectFrom("eventActivity as a")
    .innerJoin("events as e", "e.id", "a.eventId")
    .select(["a.action", "a.summary"])
    .where("e.eventNumber", "=", eventNumber)
    .orderBy("a.id", "desc")
    .execute();
  return rows.map((r) => [r.action, r.summary]);
}

/** The database id of the event with this number. */
export async function eventIdOf(deps: Pick<Deps, "db">, eventNumber: string): Promise<number> {
  const row = await deps.db
    .selectFrom("events")
    .select("id")
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirstOrThrow();
  return row.id;
}
