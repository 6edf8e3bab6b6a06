import type { Round } from "#server/contracts/event-shape";

const HOUR = 3_600_000;

/**
 * A round as stored (SPEC-3 §2), `hours` from `now` to its start and `length` hours long; its
 * id is `id` padded to 12 characters.
 */
export function storedRound(
  now: Date,
  id: string,
  overrides: Partial<Round> & { hours?: number; length?: number } = {},
): Round {
  const { hours = -1, length = 48, ...rest } = overrides;
  const start = now.getTime() + hours * HOUR;
  return {
    _id: id.padEnd(12, "x"),
    title: `Round ${id}`,
    description: "What happens in this round",
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + length * HOUR).toISOString(),
    isEliminatorRound: "false",
    kind: "offline",
    requireFile: false,
    requireLink: false,
    ...rest,
  };
}
