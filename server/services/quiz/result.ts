/**
 * A participant's result (SPEC-3 §4): only after the round's end, for every member of the
 * registration that took the quiz, with each question's correct answer beside their own.
 */
import { QUIZ_MESSAGES, type QuizResult } from "#server/contracts/quiz";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict, forbidden, notFound } from "#server/lib/errors";
import { ROUND_MESSAGES } from "#server/contracts/rounds";
import { attemptQuestions } from "./order";
import { participantRead } from "./quiz-read";
import { quizRoundAt } from "./quiz-round";
import { answersOf, rankedAttempts } from "./results";
import { correctAnswer, maxScore, rankOf, scoreQuestion } from "./scoring";

export const NO_ATTEMPT = "Your team did not take this quiz";

/** GET /event/{n}/rounds/{i}/quiz/result. */
export async function quizResult(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
): Promise<QuizResult> {
  const { event, registration, quizzes } = await participantRead(deps, eventNumber, user);
  const { round } = quizRoundAt(event, indexParam);
  if (!registration) throw forbidden(ROUND_MESSAGES.notRegistered);
  const registrationId = registration.id;
  if (!round.endDate || deps.clock.now().getTime() < Date.parse(round.endDate))
    throw conflict(QUIZ_MESSAGES.resultsLater);
  const held = quizzes.get(round._id);
  if (!held?.attempt) throw notFound(NO_ATTEMPT);
  const { quiz, attempt } = held;
  const answers = await answersOf(deps.db, attempt.id);
  const rows = await rankedAttempts(deps.db, event.id, round._id, quiz);
  const byId = new Map(quiz.questions.map((q) => [q._id, q]));
  const questions = attemptQuestions(quiz.questions, quiz.shuffle, attempt.id).map((shown) => {
    const q = byId.get(shown._id)!;
    const given = answers[q._id] ?? null;
    return {
      ...shown,
      negativeMarks: q.negativeMarks,
      correct: correctAnswer(q),
      tolerance: q.tolerance,
      given,
      score: scoreQuestion(q, given),
    };
  });
  return {
    score: rows.find((r) => r.registrationId === registrationId)?.score ?? 0,
    maxScore: maxScore(quiz.questions),
    rank: rankOf(rows, registrationId),
    of: rows.length,
    questions,
  };
}
