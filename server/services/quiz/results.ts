/**
 * After the attempts (SPEC-3 §4): every attempt's score, the leaderboard (owner and admins), a
 * participant's result once the round has closed, and the job that finishes an attempt nobody
 * submitted.
 */
import type { QuizAnswer, QuizData, QuizLeaderboardRow } from "#server/contracts/quiz";
import type { Db } from "#server/db/connect";
import type { JobRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { requireRight } from "#server/services/team/permissions";
import { loadQuiz, quizRoundAt } from "./quiz-round";
import { rankAttempts, scoreAttempt } from "./scoring";

export const QUIZ_FINISH_JOB = "quiz.finish";

export interface AttemptRow {
  id: string;
  registrationId: string;
  startedAt: string;
  deadline: string;
  submittedAt: string | null;
}

/** Every attempt of the round with its answers, scored and ranked; names are the team's or the person's. */
export async function rankedAttempts(
  db: Db,
  eventId: number,
  roundId: string,
  quiz: QuizData,
): Promise<QuizLeaderboardRow[]> {
  const attempts = await db
    .selectFrom("quizAttempts as a")
    .innerJoin("registrations as r", "r.id", "a.registrationId")
    .innerJoin("users as u", "u.id", "r.leaderId")
    .select([
      "a.id",
      "a.registrationId",
      "a.startedAt",
      "a.deadline",
      "a.submittedAt",
      "r.teamName",
      "u.firstName",
      "u.lastName",
    ])
    .where("a.eventId", "=", eventId)
    .where("a.roundId", "=", roundId)
    .execute();
  const answers = await answersOfRound(db, eventId, roundId);
  return rankAttempts(
    attempts.map((a) => ({
      ...a,
      name: a.teamName ?? [a.firstName, a.lastName].filter(Boolean).join(" "),
      score: scoreAttempt(quiz.questions, answers.get(a.id) ?? {}),
    })),
  );
}

/** The saved answers of every attempt of a round, by attempt id. */
async function answersOfRound(db: Db, eventId: number, roundId: string) {
  const rows = await db
    .selectFrom("quizAnswers as x")
    .innerJoin("quizAttempts as a", "a.id", "x.attemptId")
    .select(["x.attemptId", "x.questionId", "x.answer"])
    .where("a.eventId", "=", eventId)
    .where("a.roundId", "=", roundId)
    .execute();
  const out = new Map<string, Record<string, QuizAnswer>>();
  for (const r of rows) {
    const own = out.get(r.attemptId) ?? {};
    own[r.questionId] = JSON.parse(r.answer) as QuizAnswer;
    out.set(r.attemptId, own);
  }
  return out;
}

/** The saved answers of one attempt. */
export async function answersOf(db: Db, attemptId: string): Promise<Record<string, QuizAnswer>> {
  const rows = await db
    .selectFrom("quizAnswers")
    .select(["questionId", "answer"])
    .where("attemptId", "=", attemptId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.questionId, JSON.parse(r.answer) as QuizAnswer]));
}

/** GET /event/{n}/rounds/{i}/quiz/leaderboard: rows, best first. */
export async function quizLeaderboard(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  indexParam: string,
): Promise<QuizLeaderboardRow[]> {
  const { event } = await requireRight(deps, user, eventNumber, "leaderboard");
  const { round } = quizRoundAt(event, indexParam);
  const quiz = await loadQuiz(deps.db, event.id, round._id);
  return quiz ? rankedAttempts(deps.db, event.id, round._id, quiz) : [];
}

/**
 * Finishes an attempt nobody submitted: its answers as saved, `submittedAt` left null. The
 * guarded update makes it happen once however many workers run it; answers true when this call did.
 */
export async function finishAttempt(
  deps: Pick<Deps, "db" | "clock">,
  attemptId: string,
): Promise<boolean> {
  const result = await deps.db
    .updateTable("quizAttempts")
    .set({ finishedAt: deps.clock.now().toISOString() })
    .where("id", "=", attemptId)
    .where("finishedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The job of kind QUIZ_FINISH_JOB, due 30 s after the attempt's deadline (scheduled by the start). */
export function quizFinishJobHandler(deps: Pick<Deps, "db" | "clock">) {
  return async (job: JobRow) => {
    const { attemptId } = JSON.parse(job.payload) as { attemptId: string };
    await finishAttempt(deps, attemptId);
  };
}
