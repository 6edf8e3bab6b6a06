import type { CreatedAt, JsonText, Key } from "./column-types";
import type { QuizQuestion } from "#server/contracts/quiz";

// Tables of SPEC-3 §4 (quiz rounds), named in schema.ts's Database.

/** One quiz per round, keyed by the event and the round's `_id`. */
export interface QuizzesTable {
  eventId: Key<number>;
  roundId: Key;
  timeLimitMinutes: number;
  /** 1: questions and options drawn in a per-attempt order; 0: the organiser's order. */
  shuffle: number;
  questions: JsonText<QuizQuestion[]>;
  updatedAt: string;
  updatedBy: string;
}

/** One attempt per registration and round (a unique key): the first member to start holds it. */
export interface QuizAttemptsTable {
  /** 128 random bits, base64url: also the seed of the attempt's order. */
  id: Key;
  eventId: Key<number>;
  roundId: Key;
  registrationId: Key;
  /** Who started it. */
  userId: Key;
  startedAt: CreatedAt;
  /** The earlier of start + the time limit and the round's end. */
  deadline: string;
  /** Set by a submit; stays null for an attempt finished by the job. */
  submittedAt: string | null;
  /** Set once, by the submit or by the finishing job: no answer counts after it. */
  finishedAt: string | null;
}

/** One answer per attempt and question, upserted. */
export interface QuizAnswersTable {
  attemptId: Key;
  questionId: Key;
  /** JSON: an option `_id`, a list of them, or a number. */
  answer: string;
  savedAt: string;
}

export interface QuizDatabase {
  quizzes: QuizzesTable;
  quizAttempts: QuizAttemptsTable;
  quizAnswers: QuizAnswersTable;
}
