import type { AttemptQuestion, QuizAnswer } from "#server/contracts/quiz";

/** The form field of a question's answer. */
export const answerField = (questionId: string) => `answer-${questionId}`;

/**
 * A question's answer as the form holds it: the picked option (single), the ticked ones
 * (multiple, an empty list when none) or the typed number; undefined when not answered.
 */
export function answerOf(form: FormData, q: AttemptQuestion): QuizAnswer | undefined {
  const name = answerField(q._id);
  if (q.type === "multiple") return form.getAll(name).map(String);
  const value = String(form.get(name) ?? "").trim();
  if (!value) return undefined;
  if (q.type === "single") return value;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) ? n : undefined;
}

/** Every answer the form holds, by question `_id` (the submit's `answers`). */
export function answersFrom(form: FormData, questions: AttemptQuestion[]) {
  const out: Record<string, QuizAnswer> = {};
  for (const q of questions) {
    const a = answerOf(form, q);
    if (a !== undefined) out[q._id] = a;
  }
  return out;
}
