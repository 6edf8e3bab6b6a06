import type { Mail } from "./outbox";
import { mail } from "./registration-mails";
import { appLink } from "./templates";

/** SPEC-3 §2: to every member of a registration, on its first save of a round's submission. */
export function submissionReceivedMail(
  appUrl: string,
  to: { email: string; firstName: string },
  event: { eventNumber: string; eventName: string | null },
  round: { index: number; title: string },
  title: string,
): Mail {
  const eventName = event.eventName ?? `event ${event.eventNumber}`;
  return mail(
    to,
    `Submission received: ${title}`,
    [
      `Your submission "${title}" for ${round.title} of ${eventName} is in.`,
      "Anyone in your team can change it until the round closes.",
    ],
    {
      label: "See your submission",
      url: appLink(appUrl, `/event/${event.eventNumber}/rounds/${round.index}/submit`),
    },
  );
}
