import { formatDateTimeIST } from "#server/contracts/dates";
import type { Mail } from "./outbox";

/**
 * Reminder mails (SPEC-2 §3). Each carries a one-click unsubscribe: the link in the text (a page
 * with a button, so a mail scanner following links turns nothing off) and the List-Unsubscribe
 * and List-Unsubscribe-Post headers of RFC 8058, whose POST to the same address unsubscribes.
 */
export interface ReminderTo {
  email: string;
  firstName: string;
}

export interface ReminderEvent {
  eventName: string | null;
  eventNumber: string;
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

function reminderMail(
  to: ReminderTo,
  subject: string,
  lines: string[],
  links: { event: string; unsubscribe: string },
): Mail {
  const footer = `You get this because reminders are on in your Utsav profile. Stop reminder e-mails: ${links.unsubscribe}`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1b24">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<p><a href="${escapeHtml(links.event)}" style="background:#5b2bd6;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">Open the event</a></p>
<p style="color:#666;font-size:13px">You get this because reminders are on in your Utsav profile. <a href="${escapeHtml(links.unsubscribe)}">Stop reminder e-mails</a></p>
</body></html>`;
  return {
    to: to.email,
    subject,
    text: `${lines.join("\n\n")}\n\nOpen the event: ${links.event}\n\n${footer}\n`,
    html,
    headers: {
      "List-Unsubscribe": `<${links.unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** 24 hours before the deadline, to someone who saved the event and has not registered. */
export function deadlineReminderMail(
  to: ReminderTo,
  event: ReminderEvent & { endDate: string },
  links: { event: string; unsubscribe: string },
): Mail {
  const name = event.eventName ?? "An event you saved";
  return reminderMail(
    to,
    `Registration closes tomorrow: ${name}`,
    [
      `Hello ${to.firstName},`,
      `Registration for ${name}, which you saved, closes on ${formatDateTimeIST(event.endDate)}.`,
      `Register before then so you do not miss it.`,
    ],
    links,
  );
}

/** 24 hours before the deadline, to each member of a team still short of its minimum size. */
export function incompleteTeamReminderMail(
  to: ReminderTo,
  event: ReminderEvent & { endDate: string },
  needs: number,
  links: { event: string; unsubscribe: string },
): Mail {
  const name = event.eventName ?? "Your event";
  return reminderMail(
    to,
    `Your team needs ${needs} more: ${name}`,
    [
      `Hello ${to.firstName},`,
      `Your team needs ${needs} more. Registration for ${name} closes on ${formatDateTimeIST(event.endDate)}: share your team's code so others can join before then.`,
    ],
    links,
  );
}

/** 24 hours before a round starts, to each registrant still in the running. */
export function roundReminderMail(
  to: ReminderTo,
  event: ReminderEvent,
  round: { title: string; startDate: string },
  links: { event: string; unsubscribe: string },
): Mail {
  const name = event.eventName ?? "Your event";
  return reminderMail(
    to,
    `${round.title} starts tomorrow: ${name}`,
    [
      `Hello ${to.firstName},`,
      `${round.title} of ${name} starts on ${formatDateTimeIST(round.startDate)}.`,
      `Good luck!`,
    ],
    links,
  );
}

/** 24 hours before a submission round closes, to each member of a registration that has not submitted. */
export function submissionReminderMail(
  to: ReminderTo,
  event: ReminderEvent,
  round: { title: string; endDate: string },
  links: { event: string; unsubscribe: string },
): Mail {
  const name = event.eventName ?? "Your event";
  return reminderMail(
    to,
    `${round.title} closes tomorrow: ${name}`,
    [
      `Hello ${to.firstName},`,
      `Submissions for ${round.title} of ${name} close on ${formatDateTimeIST(round.endDate)}, and yours is not in yet.`,
      "Submit from the event page before then.",
    ],
    links,
  );
}
