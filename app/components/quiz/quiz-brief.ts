import type { QuizBrief } from "#server/contracts/quiz";
import { plural } from "#server/contracts/words";
import { formatDateTimeIST } from "#app/utils/dates";

/** What starting means, said before the clock starts (SPEC-3 §4): how long, how many, what costs. */
export function briefLines(brief: QuizBrief, endDate: string | null, now = Date.now()): string[] {
  const end = endDate ? Date.parse(endDate) : Number.POSITIVE_INFINITY;
  const cut = now + brief.timeLimitMinutes * 60_000 > end;
  return [
    `${plural(brief.questions, "question")}, ${plural(brief.maxScore, "mark")} in all.`,
    cut && endDate
      ? `You have until ${formatDateTimeIST(endDate)}, when the round closes: less than the ${brief.timeLimitMinutes} minutes of the quiz.`
      : `You have ${plural(brief.timeLimitMinutes, "minute")} from the moment you start. The clock does not stop, even if you close the page.`,
    brief.negativeMarks
      ? "Wrong answers cost marks (each question says how many): leave a question blank rather than guess."
      : "Wrong answers cost nothing.",
    "One attempt: answers are saved as you go and submitted by themselves when the time is up.",
  ];
}
