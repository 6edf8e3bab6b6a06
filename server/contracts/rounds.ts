/** SPEC-3 §2: round kinds, who takes part in a round, and their messages, to the letter. */

export const ROUND_MESSAGES = {
  started: "This round has started and cannot be removed or changed",
  notSubmission: "This round does not take submissions",
  notQuiz: "This round is not a quiz",
  notRegistered: "Only registered participants can take part",
  incompleteTeam: (k: number) => `Your team needs ${k} more to take part`,
  notAdvanced: "You did not advance to this round",
  notStarted: "This round has not started yet",
  closed: "This round is closed",
} as const;

/** Why the caller may not take part in a round now, in the order they are given (SPEC-3 §2). */
export const TAKE_PART_REASONS = [
  "not-registered",
  "incomplete-team",
  "not-advanced",
  "not-started",
  "closed",
] as const;
export type TakePartReason = (typeof TAKE_PART_REASONS)[number];
