/**
 * Starting a quiz (SPEC-3 §4): one attempt per registration, held by the first member to start.
 * The server is the clock: the deadline is fixed at the start, the earlier of start plus the time
 * limit and the round's end, and a job finishes the attempt if nobody submits it.
 */
import type { Insertable } from "kysely";
import type { Round } from "#server/contracts/event-shape";
import { QUIZ_LIMITS, QUIZ_MESSAGES, type QuizAttempt } from "#server/contracts/quiz";
import { isPostgres } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { QuizAttemptsTable } from "#server/db/schema-quiz";
import type { Deps } from "#server/lib/deps";
import { type JobSpec, scheduleJob } from "#server/jobs/jobs";
import { newPublicId } from "#server/lib/crypto";
import { reusableStatement } from "#server/db/reusable-statement";
import { conflict } from "#server/lib/errors";
import { refuseUnlessTakingPart, takePart } from "#server/services/rounds/participation";
import { attemptOf, attemptView, ownOrRefuse } from "./attempts";
import { attemptQuestions } from "./order";
import { type ParticipantRead, participantRead } from "./quiz-read";
import { QUIZ_FINISH_JOB } from "./results";

/**
 * POST /event/{n}/rounds/{i}/quiz/start: the caller's attempt, made on the first call. Two
 * members pressing at once both try the insert; the unique key keeps one, and the other is told
 * who holds it.
 */
export async function startQuiz(
  deps: Pick<Deps, "db" | "clock">,
  user: Pick<UserRow, "id">,
  eventNumber: string,
  indexParam: string,
  /** What the route read already with the session (`participantReadBySession`). */
  known?: ParticipantRead,
): Promise<QuizAttempt> {
  const { event, registration, quizzes } =
    known ?? (await participantRead(deps, eventNumber, user));
  const part = await takePart(deps, user, event, indexParam, "quiz", { registration });
  refuseUnlessTakingPart(part);
  const { round } = part;
  const registrationId = part.registration.id;
  const held = quizzes.get(round._id);
  if (!held) throw conflict(QUIZ_MESSAGES.noQuiz);
  const { quiz } = held;
  if (held.attempt) return attemptView(deps.db, ownOrRefuse(held.attempt, user), quiz);
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
    const { rows } = await attemptWithJob(deps.db, {
      ...attempt,
      kind: job.kind,
      key: job.key,
      payload: JSON.stringify(job.payload),
      runAt: job.runAt,
      createdAt: deps.clock.now().toISOString(),
    });
    return rows.length > 0;
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

/** PostgreSQL's one statement for `insertAttempt`: built once, prepared (decision 041). */
const attemptWithJob = reusableStatement(
  [
    "id",
    "eventId",
    "roundId",
    "registrationId",
    "userId",
    "startedAt",
    "deadline",
    "kind",
    "key",
    "payload",
    "runAt",
    "createdAt",
  ],
  (db, v) =>
    db
      .with("made", (db) =>
        db
          .insertInto("quizAttempts")
          .values({
            id: v.id,
            // A number when run; the slot that stands for it while it is built is text.
            eventId: v.eventId as unknown as number,
            roundId: v.roundId,
            registrationId: v.registrationId,
            userId: v.userId,
            startedAt: v.startedAt,
            deadline: v.deadline,
          })
          .onConflict((oc) => oc.columns(["eventId", "roundId", "registrationId"]).doNothing())
          .returning("id"),
      )
      .insertInto("jobs")
      .columns(["kind", "key", "payload", "nextAttemptAt", "createdAt"])
      .expression((eb) =>
        eb
          .selectFrom("made")
          .select((eb) => [
            eb.val(v.kind).as("kind"),
            eb.val(v.key).as("key"),
            eb.val(v.payload).as("payload"),
            eb.val(v.runAt).as("nextAttemptAt"),
            eb.val(v.createdAt).as("createdAt"),
          ]),
      )
      .returning("id"),
);

function deadlineOf(now: Date, minutes: number, round: Round): string {
  const byLimit = now.getTime() + minutes * 60_000;
  const end = round.endDate ? Date.parse(round.endDate) : Number.POSITIVE_INFINITY;
  return new Date(Math.min(byLimit, end)).toISOString();
}
