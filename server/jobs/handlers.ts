import type { Deps } from "#server/lib/deps";
import { PAYMENT_EXPIRE_JOB, paymentExpireJobHandler } from "#server/services/payments/expiry";
import { QUIZ_FINISH_JOB, quizFinishJobHandler } from "#server/services/quiz/results";
import { REMINDER_JOB, reminderJobHandler } from "#server/services/saves/reminders";
import { DIGEST_JOB, digestJobHandler } from "#server/services/orgs/digest";
import type { JobHandler } from "./jobs";

/**
 * Every kind of later work and the service that does it: the one registry the worker reads.
 * A new job kind is added here (its service exports the kind's name and a handler taking deps).
 */
export function jobHandlers(deps: Deps): Record<string, JobHandler> {
  return {
    [REMINDER_JOB]: (job) => reminderJobHandler(deps)(job),
    [QUIZ_FINISH_JOB]: (job) => quizFinishJobHandler(deps)(job),
    [PAYMENT_EXPIRE_JOB]: (job) => paymentExpireJobHandler(deps)(job),
    [DIGEST_JOB]: (job) => digestJobHandler(deps)(job),
  };
}
