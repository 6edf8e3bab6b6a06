/**
 * Who takes part in round i (SPEC-3 §2), for submission and quiz rounds: a registration of the
 * event whose team is complete and, when an earlier round in the list is an eliminator round with
 * results, that advanced from the last such round; inside the round's window. The first refusal
 * that applies is the one given.
 */
import type { Round, RoundKind } from "#server/contracts/event-shape";
import { ROUND_NOT_FOUND } from "#server/contracts/organiser";
import { ROUND_MESSAGES, type TakePartReason } from "#server/contracts/rounds";
import type { EventRow, RegistrationRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict, forbidden, notFound } from "#server/lib/errors";
import { advancedByRound } from "#server/services/organiser/results";
import { findRegistrationOf } from "#server/services/registration/registration-read";
import { roundsOf } from "./rounds";

export interface Taking {
  event: EventRow;
  index: number;
  round: Round;
  registration: RegistrationRow | null;
  reason: TakePartReason | null;
}

/** Round `{i}` of the URL (counted from 0), or 404. */
export function roundAt(
  event: EventRow,
  indexParam: string | number,
): { index: number; round: Round } {
  const index =
    typeof indexParam === "number"
      ? indexParam
      : /^\d{1,3}$/.test(indexParam)
        ? Number(indexParam)
        : -1;
  const round = roundsOf(event)[index];
  if (!round) throw notFound(ROUND_NOT_FOUND);
  return { index, round };
}

/** Round `{i}` if it is of `kind`: 404 unknown, 409 for a round of another kind. */
export function roundOfKind(
  event: EventRow,
  indexParam: string | number,
  kind: Exclude<RoundKind, "offline">,
): { index: number; round: Round } {
  const found = roundAt(event, indexParam);
  if (found.round.kind !== kind)
    throw conflict(kind === "quiz" ? ROUND_MESSAGES.notQuiz : ROUND_MESSAGES.notSubmission);
  return found;
}

/**
 * Whether the registration advanced from the last eliminator round with results before `index`
 * (true when there is none): `advanced` is `advancedByRound`'s map.
 */
export function advancedInto(
  rounds: Round[],
  advanced: Map<number, Set<string>>,
  index: number,
  registrationId: string,
): boolean {
  for (let j = index - 1; j >= 0; j--) {
    if (rounds[j]?.isEliminatorRound !== "true") continue;
    const passed = advanced.get(j);
    if (passed) return passed.has(registrationId);
  }
  return true;
}

/** The round, the caller's registration and why they may not take part now (null: they may). */
export async function takePart(
  deps: Pick<Deps, "db" | "clock">,
  user: Pick<UserRow, "id">,
  event: EventRow,
  roundIndex: string | number,
  kind: Exclude<RoundKind, "offline">,
  /** The caller's registration when already read with the event (the quiz's one read). */
  known?: { registration: RegistrationRow | null },
): Promise<Taking> {
  const { index, round } = roundOfKind(event, roundIndex, kind);
  const registration = known
    ? known.registration
    : ((await findRegistrationOf(deps.db, event.id, user.id, { registered: true })) ?? null);
  const reason = await reasonFor(deps, event, index, round, registration);
  return { event, index, round, registration, reason };
}

async function reasonFor(
  deps: Pick<Deps, "db" | "clock">,
  event: EventRow,
  index: number,
  round: Round,
  registration: RegistrationRow | null,
): Promise<TakePartReason | null> {
  if (!registration) return "not-registered";
  if (missingMembers(event, registration) > 0) return "incomplete-team";
  const rounds = roundsOf(event);
  // Only an eliminator round before this one can keep anyone out: otherwise no results to read.
  if (rounds.slice(0, index).some((r) => r.isEliminatorRound === "true")) {
    const advanced = await advancedByRound(deps.db, event.id);
    if (!advancedInto(rounds, advanced, index, registration.id)) return "not-advanced";
  }
  const now = deps.clock.now().getTime();
  if (now < Date.parse(round.startDate)) return "not-started";
  if (now > Date.parse(round.endDate)) return "closed";
  return null;
}

/** How many more members the registration's team needs (0 for individuals and complete teams). */
export function missingMembers(
  event: Pick<EventRow, "participationType" | "minTeam">,
  registration: Pick<RegistrationRow, "type" | "size">,
): number {
  if (event.participationType !== "team" || registration.type !== "team") return 0;
  return Math.max(0, (event.minTeam ?? 1) - registration.size);
}

/** The exact API error for a reason (403 not registered, 409 the rest); nothing when null. */
export function refuseUnlessTakingPart(taking: Taking): asserts taking is Taking & {
  registration: RegistrationRow;
  reason: null;
} {
  const { reason, registration, event } = taking;
  if (reason === null) return;
  if (reason === "not-registered" || !registration) throw forbidden(ROUND_MESSAGES.notRegistered);
  if (reason === "incomplete-team")
    throw conflict(ROUND_MESSAGES.incompleteTeam(missingMembers(event, registration)));
  if (reason === "not-advanced") throw conflict(ROUND_MESSAGES.notAdvanced);
  if (reason === "not-started") throw conflict(ROUND_MESSAGES.notStarted);
  throw conflict(ROUND_MESSAGES.closed);
}
