/**
 * Taking a quiz (SPEC-3 §4): start (one attempt per registration, held by the first member to
 * start), and where the caller stands. The server is the clock: the deadline is fixed at the
 * start, the earlier of start plus the time limit and the round's end.
 */
import { newPublicId } from "#server/lib/crypto";
import {
  QUIZ_LIMITS,
  QUIZ_MESSAGES,
  type QuizAttempt,
  type QuizData,
  type QuizStatus,
} from "#server/contracts/quiz";
import type { Insertable } from "kysely";
import { type Db, isPostgres } from "#server/db/connect";
import type { EventRow, UserRow } from "#server/db/schema";
import type { QuizAttemptsTable } from "#server/db/schema-quiz";
import type { Deps } from "#server/deps";
import { type JobSpec, scheduleJob } from "#server/jobs/jobs";
import { conflict } from "#server/lib/errors";
import { refuseUnlessTakingPart, takePart } from "#server/services/rounds/participation";
import type { Round } from "#server/contracts/event-shape";
import { visibleEvent } from "#server/services/team/permissions";
import { attemptQuestions } from "./order";
import { loadQuiz, quizData } from "./quiz-round";
import { answersOf, QUIZ_FINISH_JOB } from "./results";

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

/** The round's quiz and the registration's attempt of it, in one read (the start of a rush). */
async function quizWithAttempt(
  db: Db,
  eventId: number,
  roundId: string,
  registrationId: string,
): Promise<{ quiz: QuizData | null; existing: AttemptRecord | undefined }> {
  const row = await db
    .selectFrom("quizzes as q")
    .leftJoin("quizAttempts as a", (join) =>
      join
        .onRef("a.eventId", "=", "q.eventId")
        .onRef("a.roundId", "=", "q.roundId")
        .on("a.registrationId", "=", registrationId),
    )
    .leftJoin("users as u", "u.id", "a.userId")
    .select(["q.timeLimitMinutes", "q.shuffle", "q.questions", "q.updatedAt", ...ATTEMPT_COLUMNS])
    .where("q.eventId", "=", eventId)
    .where("q.roundId", "=", roundId)
    .executeTakeFirst();
  if (!row) return { quiz: null, existing: undefined };
  // Left-joined: the attempt's columns are all there or all null. The quiz (with its correct
  // answers) stays out of the attempt's record.
  const { timeLimitMinutes, shuffle, questions, updatedAt, ...attempt } = row;
  const quiz = quizData({ timeLimitMinutes, shuffle, questions, updatedAt });
  const existing = attempt.id ? ({ ...attempt, registrationId } as AttemptRecord) : undefined;
  return { quiz, existing };
}

/** The attempt as its holder sees it: their order, their answers, no correct answer. */
async function attemptView(
  db: Db,
  attempt: AttemptRecord,
  quiz: NonNullable<Awaited<ReturnType<typeof loadQuiz>>>,
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
export function ownOrRefuse(attempt: AttemptRecord, user: UserRow): AttemptRecord {
  if (attempt.userId !== user.id) throw conflict(QUIZ_MESSAGES.startedBy(attempt.firstName));
  return attempt;
}

function deadlineOf(now: Date, minutes: number, round: Round): string {
  const byLimit = now.getTime() + minutes * 60_000;
  const end = round.endDate ? Date.parse(round.endDate) : Number.POSITIVE_INFINITY;
  return new Date(Math.min(byLimit, end)).toISOString();
}

/**
 * POST /event/{n}/rounds/{i}/quiz/start: the caller's attempt, made on the first call. Two
 * members pressing at once both try the insert; the unique key keeps one, and the other is told
 * who holds it.
 */
export async function startQuiz(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
): Promise<QuizAttempt> {
  const event = await visibleEvent(deps, eventNumber, user);
  const { round, registrationId } = await participant(deps, user, event, indexParam);
  const { quiz, existing } = await quizWithAttempt(deps.db, event.id, round._id, registrationId);
  if (!quiz) throw conflict(QUIZ_MESSAGES.noQuiz);
  if (existing) return attemptView(deps.db, ownOrRefuse(existing, user), quiz);
  const now = deps.clock.now();
  const id = newPublicId();
  const deadline = deadlineOf(now, quiz.timeLimitMinutes, round);
  const made = await insertAttempt(
    deps,
    {
      id,
      eventId: event.id,
      roundId: round._id,
      registrationId,
      userId: user.id,
      startedAt: now.toISOString(),
      deadline,
    },
    {
      kind: QUIZ_FINISH_JOB,
      key: `quiz-finish:${id}`,
      runAt: new Date(Date.parse(deadline) + QUIZ_LIMITS.graceMs + 1000).toISOString(),
      payload: { attemptId: id },
    },
  );
  // The caller's own new attempt has no answers yet: answered without reading it back.
  if (made) {
    const questions = attemptQuestions(quiz.questions, quiz.shuffle, id);
    return {
      attemptId: id,
      startedAt: now.toISOString(),
      deadline,
      questions,
      answers: {},
      submittedAt: null,
    };
  }
  const attempt = await attemptOf(deps.db, event.id, round._id, registrationId);
  if (!attempt) throw new Error("quiz attempt vanished after its insert");
  return attemptView(deps.db, ownOrRefuse(attempt, user), quiz);
}

/**
 * The attempt and the job that finishes it if nobody submits, both or neither: nothing when the
 * registration has an attempt already (the unique key); true when this call made it. PostgreSQL
 * does it in one statement (an INSERT inside WITH: one round trip where a transaction takes
 * four, which counts when 2,000 students start at once); SQLite, which has no INSERT inside WITH,
 * in a transaction.
 */
async function insertAttempt(
  deps: Pick<Deps, "db" | "clock">,
  attempt: Insertable<QuizAttemptsTable>,
  job: JobSpec,
): Promise<boolean> {
  const unique = ["eventId", "roundId", "registrationId"] as const;
  if (isPostgres(deps.db)) {
    const made = await deps.db
      .with("made", (db) =>
        db
          .insertInto("quizAttempts")
          .values(attempt)
          .onConflict((oc) => oc.columns(unique).doNothing())
          .returning("id"),
      )
      .insertInto("jobs")
      .columns(["kind", "key", "payload", "nextAttemptAt", "createdAt"])
      .expression((eb) =>
        eb
          .selectFrom("made")
          .select((eb) => [
            eb.val(job.kind).as("kind"),
            eb.val(job.key).as("key"),
            eb.val(JSON.stringify(job.payload)).as("payload"),
            eb.val(job.runAt).as("nextAttemptAt"),
            eb.val(deps.clock.now().toISOString()).as("createdAt"),
          ]),
      )
      .returning("id")
      .executeTakeFirst();
    return made !== undefined;
  }
  return deps.db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto("quizAttempts")
      .values(attempt)
      .onConflict((oc) => oc.columns(unique).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (made) await scheduleJob(trx, deps.clock, job);
    return made !== undefined;
  });
}

/** The round and the caller's registration, when the caller may take part now (SPEC-3 §2). */
async function participant(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  event: EventRow,
  indexParam: string,
): Promise<{ round: Round; registrationId: string }> {
  const part = await takePart(deps, user, event, indexParam, "quiz");
  refuseUnlessTakingPart(part);
  return { round: part.round, registrationId: part.registration.id };
}

/** GET /event/{n}/rounds/{i}/quiz/status: 'Start quiz', 'Resume quiz' or 'Submitted' on the event page. */
export async function quizStatus(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
): Promise<QuizStatus> {
  const event = await visibleEvent(deps, eventNumber, user);
  const part = await takePart(deps, user, event, indexParam, "quiz");
  const { round } = part;
  const attempt = part.registration
    ? await attemptOf(deps.db, event.id, round._id, part.registration.id)
    : undefined;
  const ready = (await loadQuiz(deps.db, event.id, round._id)) !== null;
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
  };
}
