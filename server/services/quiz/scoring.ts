/**
 * Scoring and ranking of quiz attempts (SPEC-3 §4), pure: no database, no clock.
 */
import type { QuizAnswer, QuizLeaderboardRow, QuizQuestion } from "#server/contracts/quiz";

/** A participant's option `_id` for option `index`: its place in the organiser's list. */
export const optionId = (index: number) => String(index);

/** The option index an option `_id` names, or null when the question has no such option. */
export function optionIndex(question: Pick<QuizQuestion, "options">, id: string): number | null {
  if (!/^(0|[1-9]\d?)$/.test(id)) return null;
  const i = Number(id);
  return i < question.options.length ? i : null;
}

/** Whether `answer` has the shape `question` takes (an own option, a list of own options, a number). */
export function isAnswerFor(question: QuizQuestion, answer: unknown): answer is QuizAnswer {
  if (question.type === "number") return typeof answer === "number" && Number.isFinite(answer);
  if (question.type === "single")
    return typeof answer === "string" && optionIndex(question, answer) !== null;
  return (
    Array.isArray(answer) &&
    answer.every((a) => typeof a === "string" && optionIndex(question, a) !== null) &&
    new Set(answer).size === answer.length
  );
}

/** The correct answer in the participant's terms (option `_id`s, or the number). */
export function correctAnswer(question: QuizQuestion): QuizAnswer {
  if (question.type === "number") return question.answer as number;
  if (question.type === "single") return optionId(question.answer as number);
  return (question.answer as number[]).map(optionId).sort();
}

/** Float noise (1.1 − 1.0 = 0.10000000000000009) must not turn a right number wrong. */
const EPSILON = 1e-9;

/** Whether a given answer counts as answered at all (an empty list does not). */
export function isAnswered(given: QuizAnswer | null | undefined): given is QuizAnswer {
  if (given === null || given === undefined) return false;
  return !(Array.isArray(given) && given.length === 0);
}

/**
 * One question's score: `marks` when right, minus `negativeMarks` when answered wrong, 0 when
 * unanswered. Multiple: only exactly the right set is right. Number: right within `tolerance`.
 */
export function scoreQuestion(
  question: QuizQuestion,
  given: QuizAnswer | null | undefined,
): number {
  if (!isAnswered(given) || !isAnswerFor(question, given)) return 0;
  let right: boolean;
  if (question.type === "number") {
    const expected = question.answer as number;
    const scale = Math.max(1, Math.abs(expected));
    right = Math.abs((given as number) - expected) <= question.tolerance + EPSILON * scale;
  } else if (question.type === "single") {
    right = optionIndex(question, given as string) === question.answer;
  } else {
    const want = new Set(question.answer as number[]);
    const got = (given as string[]).map((id) => optionIndex(question, id));
    right = got.length === want.size && got.every((i) => i !== null && want.has(i));
  }
  return right ? question.marks : 0 - question.negativeMarks;
}

/** An attempt's total, which may be negative. */
export function scoreAttempt(
  questions: readonly QuizQuestion[],
  answers: Readonly<Record<string, QuizAnswer>>,
): number {
  return questions.reduce((sum, q) => sum + scoreQuestion(q, answers[q._id]), 0);
}

export function maxScore(questions: readonly QuizQuestion[]): number {
  return questions.reduce((sum, q) => sum + q.marks, 0);
}

export interface RankInput {
  registrationId: string;
  name: string;
  score: number;
  startedAt: string;
  deadline: string;
  submittedAt: string | null;
}

/**
 * Time taken: from start to submit, or to the deadline for an attempt nobody submitted. A submit
 * in the grace after the deadline counts as at the deadline.
 */
export function timeTakenSeconds(a: Pick<RankInput, "startedAt" | "deadline" | "submittedAt">) {
  const end = Math.min(Date.parse(a.submittedAt ?? a.deadline), Date.parse(a.deadline));
  return Math.max(0, Math.round((end - Date.parse(a.startedAt)) / 1000));
}

/** The leaderboard: score descending, then time taken ascending (then registration id, for a stable order). */
export function rankAttempts(attempts: readonly RankInput[]): QuizLeaderboardRow[] {
  return attempts
    .map((a) => ({
      registrationId: a.registrationId,
      name: a.name,
      score: a.score,
      timeTakenSeconds: timeTakenSeconds(a),
      submittedAt: a.submittedAt,
    }))
    .sort(
      (x, y) =>
        y.score - x.score ||
        x.timeTakenSeconds - y.timeTakenSeconds ||
        (x.registrationId < y.registrationId ? -1 : x.registrationId > y.registrationId ? 1 : 0),
    );
}

/** A row's rank: 1 + the rows strictly ahead of it (equal score and time share a rank). */
export function rankOf(rows: readonly QuizLeaderboardRow[], registrationId: string): number {
  const me = rows.find((r) => r.registrationId === registrationId);
  if (!me) return rows.length + 1;
  return (
    1 +
    rows.filter(
      (r) =>
        r.score > me.score || (r.score === me.score && r.timeTakenSeconds < me.timeTakenSeconds),
    ).length
  );
}
