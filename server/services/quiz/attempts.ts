/**
 * A quiz attempt (SPEC-3 §4): reading it, how its holder sees it, and where the caller stands on
 * the event page. Starting one is `start.ts`; answering and submitting, `answers.ts`.
 */
import {
  QUIZ_MESSAGES,
  type QuizAttempt,
  type QuizBrief,
  type QuizData,
  type QuizStatus,
} from "#server/contracts/quiz";
import type { Db } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict } from "#server/lib/errors";
import { refuseUnlessTakingPart, takePart } from "#server/services/rounds/participation";
import { attemptQuestions } from "./order";
import { participantRead } from "./quiz-read";
import { answersOf } from "./results";

export interface AttemptRecord {
  id: string;
  registrationId: string;
  userId: string;
  startedAt: string;
  deadline: string;
  submittedAt: string | null;
  finishedAt: string | null;
  firstName: string;
}

/** An attempt's columns with its holder's first name (`quizAttempts as a`, `users as u`). */
const ATTEMPT_COLUMNS = [
  "a.id",
  "a.userId",
  "a.startedAt",
  "a.deadline",
  "a.submittedAt",
  "a.finishedAt",
  "u.firstName",
] as const;

export async function attemptOf(
  db: Db,
  eventId: number,
  roundId: string,
  registrationId: string,
): Promise<AttemptRecord | undefined> {
  return db
    .selectFrom("quizAttempts as a")
    .innerJoin("users as u", "u.id", "a.userId")
    .select([...ATTEMPT_COLUMNS, "a.registrationId"])
    .where("a.eventId", "=", eventId)
    .where("a.roundId", "=", roundId)
    .where("a.registrationId", "=", registrationId)
    .executeTakeFirst();
}

/** The attempt as its holder sees it: their order, their answers, no correct answer. */
export async function attemptView(
  db: Db,
  attempt: AttemptRecord,
  quiz: QuizData,
): Promise<QuizAttempt> {
  return {
    attemptId: attempt.id,
    startedAt: attempt.startedAt,
    deadline: attempt.deadline,
    questions: attemptQuestions(quiz.questions, quiz.shuffle, attempt.id),
    answers: await answersOf(db, attempt.id),
    submittedAt: attempt.submittedAt,
  };
}

/** A teammate's attempt is theirs alone: 409 'Your team's quiz was started by {firstName}'. */
export function ownOrRefuse(attempt: AttemptRecord, user: Pick<UserRow, "id">): AttemptRecord {
  if (attempt.userId !== user.id) throw conflict(QUIZ_MESSAGES.startedBy(attempt.firstName));
  return attempt;
}

/** GET /event/{n}/rounds/{i}/quiz/status: 'Start quiz', 'Resume quiz' or 'Submitted' on the event page. */
export async function quizStatus(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
): Promise<QuizStatus> {
  const { event, registration, quizzes } = await participantRead(deps, eventNumber, user);
  const part = await takePart(deps, user, event, indexParam, "quiz", { registration });
  const held = quizzes.get(part.round._id);
  const attempt = held?.attempt;
  const ready = held !== undefined;
  let message: string | null = ready ? null : QUIZ_MESSAGES.noQuiz;
  try {
    refuseUnlessTakingPart(part);
  } catch (err) {
    message = (err as Error).message;
  }
  return {
    reason: part.reason ?? (ready ? null : "not-started"),
    message,
    state: !attempt ? "none" : attempt.submittedAt || attempt.finishedAt ? "submitted" : "started",
    deadline: attempt?.deadline ?? null,
    startedBy: attempt && attempt.userId !== user.id ? attempt.firstName : null,
    brief: held ? briefOf(held.quiz) : null,
  };
}

/** How long, how many questions, the most one can score, and whether a wrong answer costs. */
export function briefOf(quiz: QuizData): QuizBrief {
  return {
    timeLimitMinutes: quiz.timeLimitMinutes,
    questions: quiz.questions.length,
    maxScore: quiz.questions.reduce((sum, q) => sum + q.marks, 0),
    negativeMarks: quiz.questions.some((q) => q.negativeMarks > 0),
  };
}
