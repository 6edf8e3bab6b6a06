/**
 * Whether a user is one of the judges chosen for a round (SPEC-3 §3) and still judges on the team
 * (the owner, an admin or a judge): submission files are served to a round's judges (SPEC-3 §2).
 */
import type { Deps } from "#server/lib/deps";

export async function isJudgeOfRound(
  deps: Pick<Deps, "db">,
  eventId: number,
  roundId: string,
  userId: string,
): Promise<boolean> {
  const row = await deps.db
    .selectFrom("judgingJudges as jj")
    .innerJoin("judgings as j", "j.id", "jj.judgingId")
    .innerJoin("events as e", "e.id", "j.eventId")
    .leftJoin("eventOrganisers as o", (join) =>
      join.onRef("o.eventId", "=", "j.eventId").onRef("o.userId", "=", "jj.userId"),
    )
    .select("jj.userId")
    .where("j.eventId", "=", eventId)
    .where("j.roundId", "=", roundId)
    .where("jj.userId", "=", userId)
    .where((eb) => eb.or([eb("e.madeBy", "=", userId), eb("o.role", "in", ["admin", "judge"])]))
    .executeTakeFirst();
  return !!row;
}
