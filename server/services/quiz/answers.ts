/**
 * Answering and submitting (SPEC-3 §4). Both write only while the attempt is open (not finished,
 * deadline plus 30 s not past), checked in the write itself, so a late answer, or one racing a
 * submit, changes nothing: an answer is one guarded insert, a submit one guarded update of the
 * attempt in the transaction that writes its last answers.
 */
import {
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
import type { Deps } from "#server/lib/deps";
import { badRequest, conflict, forbidden, parseBody } from "#server/lib/errors";
import { graceStartOf, type QuizMemos, rememberQuiz, upsertOpenAnswer } from "./answer-statement";
import { type AttemptRecord, ownOrRefuse } from "./attempts";
import { type ParticipantRead, participantRead } from "./quiz-read";
import { reusableStatement } from "#server/db/reusable-statement";
import { quizRoundAt } from "./quiz-round";
import { isAnswerFor } from "./scoring";

export const NOT_STARTED = "Start the quiz first";
const INVALID_ANSWER = "Invalid answer";

interface Held {
  attempt: AttemptRecord;
  quiz: QuizData;
  round: Round;
  /** The event's rounds as stored (what `answerInOneStatement` checks its guess by). */
  rounds: string | null;
}

/**
 * The caller's own attempt of round `{i}`: 404 unknown event or round, 409 not a quiz, 403 not
 * registered, 409 not started or a teammate's (in that order, as every round call answers).
 */
async function heldAttempt(
  deps: Pick<Deps, "db">,
  user: Pick<UserRow, "id">,
  eventNumber: string,
  indexParam: string,
  known?: ParticipantRead,
): Promise<Held> {
  const { event, registration, quizzes } =
    known ?? (await participantRead(deps, eventNumber, user));
  const { round } = quizRoundAt(event, indexParam);
  if (!registration) throw forbidden(ROUND_MESSAGES.notRegistered);
  const held = quizzes.get(round._id);
  if (!held?.attempt) throw conflict(NOT_STARTED);
  return { attempt: ownOrRefuse(held.attempt, user), quiz: held.quiz, round, rounds: event.rounds };
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
 * In `trx`, submits the attempt: the update matches only while it is not finished and the grace
 * has not run out. Refusals name why.
 */
async function claimSubmit(trx: Db, deps: Pick<Deps, "clock">, attempt: AttemptRecord) {
  const now = deps.clock.now();
  const at = now.toISOString();
  const result = await submitOpenAttempt(trx, {
    id: attempt.id,
    at,
    graceStart: graceStartOf(now),
  });
  if (Number(result.numAffectedRows) === 1) return at;
  throw await refusal(trx, attempt.id);
}

/** A rush's 2,000 submits: built once, prepared on PostgreSQL (decision 041). */
const submitOpenAttempt = reusableStatement(["id", "at", "graceStart"], (db, v) =>
  db
    .updateTable("quizAttempts")
    .set({ submittedAt: v.at, finishedAt: v.at })
    .where("id", "=", v.id)
    .where("finishedAt", "is", null)
    .where("deadline", ">=", v.graceStart),
);

/** Why an attempt took no more answers: 409 'Quiz already submitted' or 'Time is up'. */
async function refusal(db: Db, attemptId: string) {
  const row = await db
    .selectFrom("quizAttempts")
    .select("submittedAt")
    .where("id", "=", attemptId)
    .executeTakeFirstOrThrow();
  return conflict(row.submittedAt ? QUIZ_MESSAGES.submitted : QUIZ_MESSAGES.timeUp);
}

/** Saves one answer to the caller's attempt while it is open; else 409 saying why. */
async function saveOpenAnswer(
  deps: Pick<Deps, "db" | "clock">,
  attemptId: string,
  questionId: string,
  answer: QuizAnswer,
): Promise<string> {
  const at = await upsertOpenAnswer(deps, questionId, answer, (a) =>
    a.where("a.id", "=", attemptId),
  );
  if (at) return at;
  throw await refusal(deps.db, attemptId);
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

/**
 * POST /event/{n}/rounds/{i}/quiz/answer: saves one answer; 200 `{ savedAt }`. Given `memos`, a
 * saved answer leaves what the next answers try first (answer-statement.ts).
 */
export async function answerQuestion(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
  body: unknown,
  memos?: QuizMemos,
): Promise<{ savedAt: string }> {
  const { attempt, quiz, round, rounds } = await heldAttempt(deps, user, eventNumber, indexParam);
  const input = parseBody(quizAnswerSchema, body);
  const answer = checkedAnswer(quiz, input.questionId, input.answer);
  const savedAt = await saveOpenAnswer(deps, attempt.id, input.questionId, answer);
  if (memos) rememberQuiz(memos, eventNumber, indexParam, { rounds, roundId: round._id, quiz });
  return { savedAt };
}

/** POST /event/{n}/rounds/{i}/quiz/submit: the last answers (optional) and the submit, at once. */
export async function submitQuiz(
  deps: Pick<Deps, "db" | "clock">,
  user: Pick<UserRow, "id">,
  eventNumber: string,
  indexParam: string,
  body: unknown,
  /** What the route read already with the session (`participantReadBySession`). */
  known?: ParticipantRead,
): Promise<{ submittedAt: string }> {
  const { attempt, quiz } = await heldAttempt(deps, user, eventNumber, indexParam, known);
  const input = parseBody(quizSubmitSchema, body ?? {});
  const answers = Object.entries(input.answers ?? {}).map(
    ([id, a]) => [id, checkedAnswer(quiz, id, a)] as [string, QuizAnswer],
  );
  // Nothing to save with it (the quiz page saves each answer as it is given): the guarded update
  // alone, without a transaction's two more round trips.
  if (!answers.length) return { submittedAt: await claimSubmit(deps.db, deps, attempt) };
  return deps.db.transaction().execute(async (trx) => {
    const submittedAt = await claimSubmit(trx, deps, attempt);
    await saveAnswers(trx, attempt.id, answers, submittedAt);
    return { submittedAt };
  });
}
