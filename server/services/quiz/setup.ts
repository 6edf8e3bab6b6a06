/**
 * The quiz builder's calls (SPEC-3 §4, owner and admins): read and save a round's quiz, until the
 * round's start.
 */
import { randomBytes } from "node:crypto";
import {
  QUIZ_MESSAGES,
  type QuizData,
  type QuizQuestion,
  quizSetupSchema,
} from "#server/contracts/quiz";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict, parseBody } from "#server/lib/errors";
import { recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";
import { loadQuiz, quizRoundAt } from "./quiz-round";

const QUESTION_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** GET /event/{n}/rounds/{i}/quiz: the quiz with answers (null before one is saved). */
export async function getQuiz(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  indexParam: string,
): Promise<QuizData | null> {
  const { event } = await requireRight(deps, user, eventNumber, "quiz.setup");
  const { round } = quizRoundAt(event, indexParam);
  return loadQuiz(deps.db, event.id, round._id);
}

/** The questions in normal form: every question with a unique `_id`, answers as indexes. */
export function normaliseQuestions(
  questions: ReturnType<typeof quizSetupSchema.parse>["questions"],
): QuizQuestion[] {
  const seen = new Set<string>();
  return questions.map((q) => {
    let _id = q._id && QUESTION_ID.test(q._id) && !seen.has(q._id) ? q._id : "";
    while (!_id || seen.has(_id)) _id = randomBytes(6).toString("base64url");
    seen.add(_id);
    const list = Array.isArray(q.answer) ? q.answer : [q.answer as number];
    const answer =
      q.type === "number"
        ? (q.answer as number)
        : q.type === "single"
          ? list[0]
          : [...list].sort((a, b) => a - b);
    return {
      _id,
      text: q.text,
      type: q.type,
      options: q.type === "number" ? [] : q.options,
      answer,
      tolerance: q.type === "number" ? q.tolerance : 0,
      marks: q.marks,
      negativeMarks: q.negativeMarks,
    };
  });
}

/** POST /event/{n}/rounds/{i}/quiz: replaces the quiz; refused once the round has started. */
export async function saveQuiz(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow | null,
  eventNumber: string,
  indexParam: string,
  body: unknown,
): Promise<QuizData> {
  const access = await requireRight(deps, user, eventNumber, "quiz.setup");
  const { event } = access;
  const { index, round } = quizRoundAt(event, indexParam);
  const now = deps.clock.now().toISOString();
  if (round.startDate && Date.parse(round.startDate) <= Date.parse(now))
    throw conflict(QUIZ_MESSAGES.locked);
  // A start date moved later after people started does not reopen the quiz.
  const started = await deps.db
    .selectFrom("quizAttempts")
    .select("id")
    .where("eventId", "=", event.id)
    .where("roundId", "=", round._id)
    .executeTakeFirst();
  if (started) throw conflict(QUIZ_MESSAGES.locked);
  const input = parseBody(quizSetupSchema, body);
  const questions = normaliseQuestions(input.questions);
  const row = {
    timeLimitMinutes: input.timeLimitMinutes,
    shuffle: input.shuffle ? 1 : 0,
    questions: JSON.stringify(questions),
    updatedAt: now,
    updatedBy: access.user.id,
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("quizzes")
      .values({ eventId: event.id, roundId: round._id, ...row })
      .onConflict((oc) => oc.columns(["eventId", "roundId"]).doUpdateSet(row))
      .execute();
    const count = questions.length === 1 ? "1 question" : `${questions.length} questions`;
    await recordActivity(
      trx,
      deps,
      access,
      "quiz.saved",
      `saved the quiz of round ${index + 1}: ${count}`,
    );
  });
  return {
    timeLimitMinutes: row.timeLimitMinutes,
    shuffle: input.shuffle,
    questions,
    updatedAt: now,
  };
}
