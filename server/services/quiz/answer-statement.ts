/**
 * An answer in one statement (SPEC-3 §4): the rush's call, 20 of every 22 requests a participant
 * makes. The full path (`answerQuestion`) reads the session, then the event, registration, quiz and
 * attempt, then writes: three round trips, and on PostgreSQL each one a system call that wakes a
 * backend on cores the server shares. Here the write itself checks everything the reads checked,
 * so a participant's second and later answers take one round trip:
 *
 * - what the process remembers of a quiz (`QuizMemos`: its round's id, its questions) is only a
 *   guess, checked in the statement: the event's rounds must still be the same text (so index
 *   `{i}` still names that quiz round) and the quiz the same version (`updatedAt`). A guess that
 *   is out of date, in this process or after another process's change, writes nothing;
 * - the session (the cookie's hash, not expired), the event (published), the caller's
 *   registration, their own attempt of that round, and the attempt still open (not finished,
 *   deadline plus 30 s not past), as the guarded insert of the full path.
 *
 * Anything else (no guess yet, an answer the guess cannot check, a statement that wrote nothing)
 * returns null and the caller takes the full path, which answers every refusal in its order. The
 * guess saves no work that decides anything: it only says which statement to try.
 */
import {
  QUIZ_LIMITS,
  type QuizAnswer,
  type QuizData,
  quizAnswerSchema,
} from "#server/contracts/quiz";
import { type Db, isPostgres } from "#server/db/connect";
import type { Deps } from "#server/lib/deps";
import { reusableStatement } from "#server/db/reusable-statement";
import { sessionKey, sessionUserOf } from "#server/services/accounts/sessions";
import { isAnswerFor } from "./scoring";

interface QuizMemo {
  /** The event's rounds as stored: while they are the same text, index `{i}` is this round. */
  rounds: string;
  roundId: string;
  quiz: QuizData;
}

/** What one process remembers of the quizzes being answered, by `{eventNumber}/{index}`. */
export type QuizMemos = Map<string, QuizMemo>;

/** A quiz is remembered while it is answered; a few hundred at once is far past any real day. */
const MOST_REMEMBERED = 500;

export function createQuizMemos(): QuizMemos {
  return new Map();
}

/** After the full path saved an answer: what the next answers to this quiz can try first. */
export function rememberQuiz(
  memos: QuizMemos,
  eventNumber: string,
  indexParam: string,
  memo: { rounds: string | null; roundId: string; quiz: QuizData },
): void {
  if (memo.rounds === null) return;
  if (memos.size >= MOST_REMEMBERED) memos.clear();
  memos.set(`${eventNumber}/${indexParam}`, { ...memo, rounds: memo.rounds });
}

/**
 * Saves the answer in one statement if the session, the remembered quiz and the attempt all hold;
 * `{ savedAt }` then, else null (nothing written).
 */
export async function answerInOneStatement(
  deps: Pick<Deps, "db" | "clock">,
  memos: QuizMemos,
  token: string,
  eventNumber: string,
  indexParam: string,
  body: unknown,
): Promise<{ savedAt: string } | null> {
  const memo = memos.get(`${eventNumber}/${indexParam}`);
  const now = deps.clock.now();
  const key = sessionKey(token, now);
  if (!memo || !key) return null;
  const input = quizAnswerSchema.safeParse(body);
  if (!input.success) return null;
  const { questionId, answer } = input.data;
  const question = memo.quiz.questions.find((q) => q._id === questionId);
  if (!question || !isAnswerFor(question, answer)) return null;
  const result = await answerBySession(deps.db, {
    ...key,
    graceStart: graceStartOf(now),
    eventNumber,
    rounds: memo.rounds,
    roundId: memo.roundId,
    quizUpdatedAt: memo.quiz.updatedAt,
    questionId,
    answer: JSON.stringify(answer),
  });
  return Number(result.numAffectedRows ?? 0) === 1 ? { savedAt: now.toISOString() } : null;
}

/**
 * The statement of `answerInOneStatement`, built once per database (a rush sends it hundreds of
 * times a second). Each check is a scalar subquery on a unique key, the attempt the statement's one
 * table. (As joins, PostgreSQL spent ~3 ms planning their order for every answer.)
 */
const answerBySession = reusableStatement(
  [
    "tokenHash",
    "now",
    "graceStart",
    "eventNumber",
    "rounds",
    "roundId",
    "quizUpdatedAt",
    "questionId",
    "answer",
  ],
  (db, v) => {
    const sessionUser = sessionUserOf(db, v.tokenHash, v.now);
    const publishedEvent = db
      .selectFrom("events as e")
      .select("e.id")
      .where("e.eventNumber", "=", v.eventNumber)
      .where("e.status", "=", "active")
      .where("e.rounds", "=", v.rounds);
    const registration = db
      .selectFrom("registrationMembers as m")
      .select("m.registrationId")
      .where("m.eventId", "=", publishedEvent)
      .where("m.userId", "=", sessionUser)
      .where("m.held", "=", 0);
    return openAnswerUpsert(db, { ...v, savedAt: v.now }, (attempts) =>
      attempts
        .where("a.registrationId", "=", registration)
        .where("a.roundId", "=", v.roundId)
        .where("a.userId", "=", sessionUser)
        .where((eb) =>
          eb(
            eb
              .selectFrom("quizzes as q")
              .select("q.updatedAt")
              .whereRef("q.eventId", "=", "a.eventId")
              .where("q.roundId", "=", v.roundId),
            "=",
            v.quizUpdatedAt,
          ),
        ),
    );
  },
);

const attemptsOf = (db: Db) => db.selectFrom("quizAttempts as a");
type Attempts = ReturnType<typeof attemptsOf>;

/**
 * Saves (or replaces) one answer in one statement, taking its attempt id from the attempt `narrow`
 * picks only while it is open (not finished, deadline plus the grace not past), so a late answer
 * or one racing a submit writes nothing. The time saved, or null when nothing was written.
 */
export async function upsertOpenAnswer(
  deps: Pick<Deps, "db" | "clock">,
  questionId: string,
  answer: QuizAnswer,
  narrow: (attempts: Attempts) => Attempts,
): Promise<string | null> {
  const now = deps.clock.now();
  const savedAt = now.toISOString();
  const values = {
    questionId,
    answer: JSON.stringify(answer),
    savedAt,
    graceStart: graceStartOf(now),
  };
  const result = await openAnswerUpsert(deps.db, values, narrow).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? savedAt : null;
}

/** Answers saved until the deadline plus the grace: an attempt whose deadline is before this is shut. */
export function graceStartOf(now: Date): string {
  return new Date(now.getTime() - QUIZ_LIMITS.graceMs).toISOString();
}

/**
 * The upsert of one answer (its text already JSON) into the open attempt `narrow` picks. On
 * PostgreSQL the attempt's row is read in share mode: a submit's update waits for the answer, and
 * an answer arriving during a submit waits and then finds the attempt finished.
 */
function openAnswerUpsert(
  db: Db,
  v: { questionId: string; answer: string; savedAt: string; graceStart: string },
  narrow: (attempts: Attempts) => Attempts,
) {
  const open = narrow(attemptsOf(db))
    .select((eb) => [
      "a.id as attemptId",
      eb.val(v.questionId).as("questionId"),
      eb.val(v.answer).as("answer"),
      eb.val(v.savedAt).as("savedAt"),
    ])
    .where("a.finishedAt", "is", null)
    .where("a.deadline", ">=", v.graceStart);
  return db
    .insertInto("quizAnswers")
    .columns(["attemptId", "questionId", "answer", "savedAt"])
    .expression(isPostgres(db) ? open.forShare() : open)
    .onConflict((oc) =>
      oc.columns(["attemptId", "questionId"]).doUpdateSet((eb) => ({
        answer: eb.ref("excluded.answer"),
        savedAt: eb.ref("excluded.savedAt"),
      })),
    );
}
