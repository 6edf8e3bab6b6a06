import { plural } from "#server/contracts/words";
import type { Mail } from "./outbox";
import { appLink, layout } from "./templates";

/**
 * To a judge when judging of a round opens, or when they are added to a round already open
 * (SPEC-3 §3, issue 45): how many submissions are theirs and the link to their queue.
 */
export function judgingOpenedMail(
  appUrl: string,
  to: { email: string; firstName: string },
  event: { eventNumber: string; eventName: string | null },
  round: { index: number; title: string },
  count: number,
  added = false,
): Mail {
  const name = event.eventName ?? "your event";
  const what = `round ${round.index + 1} (${round.title}) of ${name}`;
  const lines = [
    `Hello ${to.firstName},`,
    added
      ? `You were added as a judge of ${what}, where judging is open.`
      : `Judging of ${what} is open.`,
    count === 0
      ? "No submission is assigned to you yet."
      : `${plural(count, "submission")} ${count === 1 ? "is" : "are"} yours to score.`,
  ];
  const url = appLink(appUrl, `/my/event/${event.eventNumber}/judging/${round.index}`);
  return {
    to: to.email,
    subject: `${name}: ${count === 0 ? "judging is open" : `${plural(count, "submission")} to judge`}`,
    text: `${lines.join("\n\n")}\n\nYour judging queue: ${url}\n`,
    html: layout(lines, { label: "Open your judging queue", url }),
  };
}
