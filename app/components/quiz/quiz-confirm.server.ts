import type { AppLoadContext } from "@remix-run/node";
import type { QuizAnswer, QuizAttempt, QuizBrief } from "#server/contracts/quiz";
import { plural } from "#server/contracts/words";
import { callApi } from "#app/utils/api.server";
import { askToConfirm } from "#app/utils/confirm.server";
import { formatDateTimeIST } from "#app/utils/dates";
import { answersFrom } from "./answers";
import { briefLines } from "./quiz-brief";

/** 'Start quiz' asks first: the clock starts only on 'Start the clock'. */
export function confirmStart(
  form: FormData,
  brief: QuizBrief,
  endDate: string | null,
  here: string,
) {
  return askToConfirm(form, {
    title: "Start the quiz?",
    lines: briefLines(brief, endDate),
    confirmLabel: "Start the clock",
    cancelTo: here,
    action: here,
  });
}

const answered = (a: QuizAnswer) => (Array.isArray(a) ? a.length > 0 : true);

/**
 * 'Submit quiz' asks first (one attempt per team). The form's answers are saved before asking,
 * so going back (Cancel, without JavaScript too) finds them as they were.
 */
export async function confirmSubmit(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  attempt: QuizAttempt,
  api: string,
  here: string,
) {
  const answers = answersFrom(form, attempt.questions);
  await Promise.all(
    Object.entries(answers).map(([questionId, answer]) =>
      callApi(request, context, `${api}/answer`, { body: { json: { questionId, answer } } }),
    ),
  );
  const total = attempt.questions.length;
  const done = Object.values(answers).filter(answered).length;
  return askToConfirm(form, {
    title: "Submit the quiz?",
    warning: done < total ? `${plural(total - done, "question")} not answered.` : undefined,
    lines: [
      `You answered ${done} of ${total}.`,
      "One attempt only (one per team): once submitted, the answers cannot be changed.",
      `The time is up at ${formatDateTimeIST(attempt.deadline)}.`,
    ],
    confirmLabel: "Submit quiz",
    cancelTo: here,
    action: here,
  });
}
