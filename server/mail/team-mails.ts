import { ROLE_LABELS, type Role } from "#server/contracts/team-roles";
import type { Mail } from "./outbox";
import { appLink, layout } from "./templates";

/** Mails of SPEC-3 §1: the invitation, and the word to the owner and admins that someone joined. */
interface EventNamed {
  eventNumber: string;
  eventName: string | null;
}

function article(role: Role): string {
  return role === "admin" ? "an" : "a";
}

export function teamInviteMail(
  appUrl: string,
  to: string,
  event: EventNamed,
  role: Role,
  invitedBy: string,
  token: string,
): Mail {
  const name = event.eventName ?? "an event";
  const url = appLink(appUrl, `/organiser-invite/${token}`);
  const label = ROLE_LABELS[role].toLowerCase();
  const lines = [
    "Hello,",
    `${invitedBy} invited you to join the organising team of ${name} as ${article(role)} ${label}.`,
    "The invitation lasts 7 days. Sign in (or sign up) with this e-mail address to accept it.",
  ];
  return {
    to,
    subject: `Join the team of ${name} as ${article(role)} ${label}`,
    text: `${lines.join("\n\n")}\n\nSee the invitation: ${url}\n`,
    html: layout(lines, { label: "See the invitation", url }),
  };
}

export function teamJoinedMail(
  appUrl: string,
  to: { email: string; firstName: string },
  event: EventNamed,
  member: string,
  role: Role,
): Mail {
  const name = event.eventName ?? "your event";
  const url = appLink(appUrl, `/my/event/${event.eventNumber}?section=team#team`);
  const lines = [
    `Hello ${to.firstName},`,
    `${member} accepted the invitation and joined the team of ${name} as ${article(role)} ${ROLE_LABELS[role].toLowerCase()}.`,
  ];
  return {
    to: to.email,
    subject: `${member} joined the team of ${name}`,
    text: `${lines.join("\n\n")}\n\nOpen the team: ${url}\n`,
    html: layout(lines, { label: "Open the team", url }),
  };
}
