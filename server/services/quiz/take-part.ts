// Interim: SPEC-3 §2 "Who takes part" as far as the quiz needs it, until the rounds foundation
// (server/services/rounds/participation.ts) is merged; then this file goes and its callers import that.
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { conflict, forbidden, notFound } from "#server/lib/errors";
import { roundsOf } from "#server/services/organiser/results";

export async function takePart(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  event: EventRow,
  roundIndex: number,
  kind: string,
) {
  const round = roundsOf(event)[roundIndex] as any;
  if (!round) throw notFound("Round not found");
  if (round.kind !== kind) throw conflict("This round is not a quiz");
  const member = await deps.db
    .selectFrom("registrationMembers as m")
    .innerJoin("registrations as r", "r.id", "m.registrationId")
    .selectAll("r")
    .where("m.eventId", "=", event.id)
    .where("m.userId", "=", user.id)
    .executeTakeFirst();
  const now = deps.clock.now().getTime();
  let reason: string | null = null;
  if (!member) reason = "not-registered";
  else if (now < Date.parse(round.startDate)) reason = "not-started";
  else if (now > Date.parse(round.endDate)) reason = "closed";
  return { round, registration: member ?? null, reason };
}

export function refuseUnlessTakingPart(part: { reason: string | null }) {
  if (part.reason === "not-registered")
    throw forbidden("Only registered participants can take part");
  if (part.reason === "not-started") throw conflict("This round has not started yet");
  if (part.reason === "closed") throw conflict("This round is closed");
}
