import type { Mail } from "./outbox";
import { plural } from "#server/contracts/words";
import { appLink, layout } from "./templates";

/** Mails of registration and teams (SPEC-2 §1, §2). Links come from APP_URL only. */
type Person = { email: string; firstName: string };
type EventRef = { eventNumber: string; eventName: string | null };

export function mail(
  to: Person,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): Mail {
  const all = [`Hello ${to.firstName},`, ...lines];
  return {
    to: to.email,
    subject,
    text: `${all.join("\n\n")}${action ? `\n\n${action.label}: ${action.url}` : ""}\n`,
    html: layout(all, action),
  };
}

const name = (e: EventRef) => e.eventName ?? `event ${e.eventNumber}`;

/** To a new registrant; a leader gets the team code and the link to share. */
export function registrationConfirmedMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  team: { name: string; code: string | null; isLeader: boolean } | null,
): Mail {
  const lines = [`You're registered for ${name(event)}.`];
  if (team?.isLeader && team.code) {
    const share = appLink(appUrl, `/event/${event.eventNumber}/team/join?code=${team.code}`);
    lines.push(
      `Your team "${team.name}" has the code ${team.code}. Share it, or this link, with your teammates: ${share}`,
    );
  } else if (team) {
    lines.push(`You joined the team "${team.name}".`);
  }
  return mail(to, `You're registered: ${name(event)}`, lines, {
    label: team ? "See your team" : "See the event",
    url: appLink(appUrl, team ? `/event/${event.eventNumber}/team` : `/event/${event.eventNumber}`),
  });
}

/** To the leader when someone joins with the code. */
export function teamJoinedMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  team: { name: string; size: number },
  joiner: { firstName: string; lastName: string | null },
): Mail {
  const who = [joiner.firstName, joiner.lastName].filter(Boolean).join(" ");
  return mail(
    to,
    `${joiner.firstName} joined your team ${team.name}`,
    [
      `${who} joined your team "${team.name}" for ${name(event)}. Your team now has ${plural(team.size, "member")}.`,
    ],
    { label: "See your team", url: appLink(appUrl, `/event/${event.eventNumber}/team`) },
  );
}

/** To the leader when someone asks to join from the teammates board. */
export function joinRequestMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  team: { name: string },
  requester: { firstName: string; lastName: string | null; collegeName: string },
  message: string,
): Mail {
  const who = [requester.firstName, requester.lastName].filter(Boolean).join(" ");
  return mail(
    to,
    `${requester.firstName} asks to join your team ${team.name}`,
    [
      `${who} (${requester.collegeName}) asks to join your team "${team.name}" for ${name(event)}.`,
      ...(message ? [`Their note: ${message}`] : []),
      `Accept or decline the request on your team's page.`,
    ],
    { label: "See the request", url: appLink(appUrl, `/event/${event.eventNumber}/team`) },
  );
}

/** What the leader did to turn someone away: removed them, or declined their request to join. */
export type TurnedAway = "removed" | "declined";

/** To someone the leader of a team turned away: what happened, what is still open to them. */
export function turnedAwayMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  team: { name: string },
  what: TurnedAway,
): Mail {
  const page = `/event/${event.eventNumber}`;
  if (what === "removed")
    return mail(
      to,
      `You were removed from the team ${team.name}`,
      [
        `The leader of "${team.name}" removed you from the team for ${name(event)}. You are no longer registered for it.`,
        `You can still register again, create a team or join another one while registration is open.`,
      ],
      { label: "See the event", url: appLink(appUrl, page) },
    );
  return mail(
    to,
    `Your request to join ${team.name} was declined`,
    [
      `The leader of "${team.name}" declined your request to join for ${name(event)}.`,
      `Other teams are looking for people on the teammates board.`,
    ],
    { label: "Find teammates", url: appLink(appUrl, `${page}/teammates`) },
  );
}
