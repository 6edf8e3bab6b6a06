import type { Insertable, Selectable } from "kysely";
import type { CreatedAt, Defaulted, Key } from "./column-types";

// Tables of SPEC-3 §3 (judging), named in schema.ts's Database.

/** A round's judging: one per (event, round id); `state` "setup" → "open" → "closed". */
export interface JudgingsTable {
  /** 128 random bits, base64url. */
  id: Key;
  eventId: Key<number>;
  /** The round's stable `_id` (SPEC-3 §2). */
  roundId: Key;
  /** JSON text: `[{ name, weight }]`, 1 to 8. */
  criteria: string;
  judgesPerSubmission: number;
  /** 1: judges do not see names. */
  blind: Defaulted<number>;
  /** 1: registrants see their mean and the comments once judging closes. */
  shareFeedback: Defaulted<number>;
  /** "setup" | "open" | "closed" */
  state: Defaulted<string>;
  openedAt: string | null;
  closedAt: string | null;
  createdAt: CreatedAt;
  updatedAt: string;
}

/** The judges of a judging, in the order chosen. */
export interface JudgingJudgesTable {
  judgingId: Key;
  userId: Key;
  position: number;
}

/** A submission given to a judge (keyed by submission and judge). */
export interface JudgingAssignmentsTable {
  judgingId: Key;
  submissionId: Key;
  judgeId: Key;
}

/** A conflict a judge declared: the submission never comes back to them. */
export interface JudgingConflictsTable extends JudgingAssignmentsTable {
  declaredAt: CreatedAt;
}

/** A judge's score of a submission, one per pair; a new score replaces it. */
export interface JudgingScoresTable extends JudgingAssignmentsTable {
  /** JSON text: one whole number 1 to 10 per criterion, in order. */
  scores: string;
  comment: Defaulted<string>;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface JudgingDatabase {
  judgings: JudgingsTable;
  judgingJudges: JudgingJudgesTable;
  judgingAssignments: JudgingAssignmentsTable;
  judgingConflicts: JudgingConflictsTable;
  judgingScores: JudgingScoresTable;
}

export type JudgingRow = Selectable<JudgingsTable>;
export type NewJudging = Insertable<JudgingsTable>;
