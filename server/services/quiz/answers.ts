/**
 * Answering and submitting (SPEC-3 §4). Both go through one guarded update of the attempt (not
 * finished, deadline plus 30 s not past) in the transaction that writes the answers, so a late
 * answer, or one racing a submit, changes nothing; on PostgreSQL that update also holds the
 * attempt's row until the transaction ends.
 */
import {
  QUIZ_LIMITS,
  QUIZ_MESSAGES,
  type QuizAnswer,
  type QuizData,
  quizAnswerSchema,
  quizSubmitSchema,
} from "#server/contracts/quiz";
import type { Round } from "#server/contracts/event-shape";
import { ROUND_MESSAGES } from "#server/contracts/rounds";
import type { Db } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { badRequest, conflict, forbidden, parseBody } from "#server/lib/errors";
import { visibleEvent } from "#server/services/team/permissions";
import { type AttemptRecord, attemptOf, ownOrRefuse } from "./attempts";
import { loadQuiz, quizRoundAt } from "./quiz-round";
import { isAnswerFor } from "./scoring";

export const NOT_STARTED = "Start the quiz first";
const INVALID_ANSWER = "Invalid answer";

/** The caller's registration in the event, or 403. */
export async function registrationOf(db: Db, eventId: number, userId: string): Promise<string> {
  const row = await db
    .selectFrom("registrationMembers")
    .select("registrationId")
    .where("eventId", "=", eventId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!row) throw forbidden(ROUND_MESSAGES.notRegistered);
  return row.registrationId;
}

interface Held {
  attempt: AttemptRecord;
  quiz: QuizData;
  round: Round;
}

/** The caller's own attempt of round `{i}`: 403 not registered, 409 not started or a teammate's. */
async function heldAttempt(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
): Promise<Held> {
  const event = await visibleEvent(deps, eventNumber, user);
  const { round } = quizRoundAt(event, indexParam);
  const registrationId = await registrationOf(deps.db, event.id, user.id);
  const attempt = await attemptOf(deps.db, event.id, round._id, registrationId);
  const quiz = await loadQuiz(deps.db, event.id, round._id);
  if (!attempt || !quiz) throw conflict(NOT_STARTED);
  return { attempt: ownOrRefuse(attempt, user), quiz, round };
}

/** Checks an answer against its question: 400 'Unknown question' or 'Invalid answer'. */
function checkedAnswer(quiz: QuizData, questionId: string, answer: unknown): QuizAnswer {
  const question = quiz.questions.find((q) => q._id === questionId);
  if (!question)
    throw badRequest(QUIZ_MESSAGES.unknownQuestion, {
      questionId: [QUIZ_MESSAGES.unknownQuestion],
    });
  if (!isAnswerFor(question, answer))
    throw badRequest(INVALID_ANSWER, { answer: [INVALID_ANSWER] });
  return answer;
}

/**
 * In `trx`, claims the attempt for a write: the update matches only while it is not finished and
 * the grace has not run out. `finish` also marks it submitted. Refusals name why.
 */
async function claim(trx: Db, deps: Pick<Deps, "clock">, attempt: AttemptRecord, finish: boolean) {
  const now = deps.clock.now();
  const graceStart = new Date(now.getTime() - QUIZ_LIMITS.graceMs).toISOString();
  const at = now.toISOString();
  const result = await trx
    .updateTable("quizAttempts")
    .set(finish ? { submittedAt: at, finishedAt: at } : { deadline: (eb) => eb.ref("deadline") })
    .where("id", "=", attempt.id)
    .where("finishedAt", "is", null)
    .where("deadline", ">=", graceStart)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return at;
  const row = await trx
    .selectFrom("quizAttempts")
    .select("submittedAt")
    .where("id", "=", attempt.id)
    .executeTakeFirstOrThrow();
  throw conflict(row.submittedAt ? QUIZ_MESSAGES.submitted : QUIZ_MESSAGES.timeUp);
}

async function saveAnswers(
  trx: Db,
  attemptId: string,
  answers: [string, QuizAnswer][],
  at: string,
) {
  if (!answers.length) return;
  await trx
    .insertInto("quizAnswers")
    .values(
      answers.map(([questionId, answer]) => ({
        attemptId,
        questionId,
        answer: JSON.stringify(answer),
        savedAt: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["attemptId", "questionId"]).doUpdateSet((eb) => ({
        answer: eb.ref("excluded.answer"),
        savedAt: eb.ref("excluded.savedAt"),
      })),
    )
    .execute();
}

/** POST /event/{n}/rounds/{i}/quiz/answer: saves one answer; 200 `{ savedAt }`. */
export async function answerQuestion(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
  body: unknown,
): Promise<{ savedAt: string }> {
  const { attempt, quiz } = await heldAttempt(deps, user, eventNumber, indexParam);
  const input = parseBody(quizAnswerSchema, body);
  const answer = checkedAnswer(quiz, input.questionId, input.answer);
  return deps.db.transaction().execute(async (trx) => {
    const savedAt = await claim(trx, deps, attempt, false);
    await saveAnswers(trx, attempt.id, [[input.questionId, answer]], savedAt);
    return { savedAt };
  });
}

/** POST /event/{n}/rounds/{i}/quiz/submit: the last answers (optional) and the submit, at once. */
export async function submitQuiz(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
  body: unknown,
): Promise<{ submittedAt: string }> {
  const { attempt, quiz } = await heldAttempt(deps, user, eventNumber, indexParam);
  const input = parseBody(quizSubmitSchema, body ?? {});
  const answers = Object.entries(input.answers ?? {}).map(
    ([id, a]) => [id, checkedAnswer(quiz, id, a)] as [string, QuizAnswer],
  );
  return deps.db.transaction().execute(async (trx) => {
    const submittedAt = await claim(trx, deps, attempt, true);
    await saveAnswers(trx, attempt.id, answers, submittedAt);
    return { submittedAt };
  });
}
