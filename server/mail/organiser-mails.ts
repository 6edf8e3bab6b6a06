import type { Mail } from "./outbox";
import { appLink, layout } from "./templates";

/** Mails of SPEC-2 §4: announcements, round results and winners. Links come from APP_URL only. */
interface Person {
  email: string;
  firstName: string;
}

function mail(to: Person, subject: string, lines: string[], url: string, label: string): Mail {
  const all = [`Hello ${to.firstName},`, ...lines];
  return {
    to: to.email,
    subject,
    text: `${all.join("\n\n")}\n\n${label}: ${url}\n`,
    html: layout(all, { label, url }),
  };
}

export function announcementMail(
  appUrl: string,
  to: Person,
  event: { eventNumber: string; eventName: string | null },
  a: { title: string; message: string },
): Mail {
  const name = event.eventName ?? "your event";
  return mail(
    to,
    `${name}: ${a.title}`,
    [`An update from the organiser of ${name}:`, a.title, a.message],
    appLink(appUrl, `/event/${event.eventNumber}#Updates`),
    "Open the event",
  );
}

export function roundResultMail(
  appUrl: string,
  to: Person,
  event: { eventNumber: string; eventName: string | null },
  round: { title: string },
  advanced: boolean,
): Mail {
  const name = event.eventName ?? "your event";
  const line = advanced
    ? `Congratulations! You advanced from ${round.title} of ${name}.`
    : `The results of ${round.title} of ${name} are out. This time you did not advance; thank you for taking part.`;
  return mail(
    to,
    `${name}: results of ${round.title}`,
    [line],
    appLink(appUrl, `/event/${event.eventNumber}#rounds`),
    "See the results",
  );
}

export function winnerMail(
  appUrl: string,
  to: Person,
  event: { eventNumber: string; eventName: string | null },
  rankLabel: string,
): Mail {
  const name = event.eventName ?? "your event";
  return mail(
    to,
    `${name}: you are the ${rankLabel}`,
    [`Congratulations! You are the ${rankLabel} of ${name}.`],
    appLink(appUrl, `/event/${event.eventNumber}#prizes`),
    "See the prizes",
  );
}
