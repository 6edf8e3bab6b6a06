import type { ReactNode } from "react";
import type { RegistrationState, TeamData, TeamMemberData } from "#server/contracts/registration";
import { button } from "#app/styles/recipes.css";
import { PRODUCT_NAME } from "#app/utils/product";
import { CopyButton } from "./CopyButton";
import * as s from "./Registration.css";

export function joinPath(eventNumber: string, code: string): string {
  return `/event/${eventNumber}/team/join?code=${code}`;
}

/** The share link in full, from the configured APP_URL (never the request's Host). */
export function inviteUrl(appUrl: string, eventNumber: string, code: string): string {
  return new URL(joinPath(eventNumber, code), `${appUrl.replace(/\/$/, "")}/`).href;
}

/**
 * The invite link in full as text (selectable without JavaScript), a copy button with it, and on
 * phones a WhatsApp share (a plain link to wa.me, so it needs no JavaScript either).
 */
function InviteLink({ team, url }: { team: TeamData; url: string }) {
  const text = `Join my team ${team.name} on ${PRODUCT_NAME}: ${url}`;
  return (
    <div className={s.invite}>
      <span className={s.muted}>Invite link</span>
      <a href={url} className={s.inviteUrl} data-testid="invite-link">
        {url}
      </a>
      <div className={s.codeRow}>
        <CopyButton text={url} label="Copy invite link" testId="copy-invite" />
        <a
          href={`https://wa.me/?text=${encodeURIComponent(text)}`}
          className={`${button({ tone: "secondary", size: "sm" })} ${s.whatsapp}`}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="share-whatsapp"
        >
          Share on WhatsApp
        </a>
      </div>
    </div>
  );
}

/** 'Needs {k} more' while below the minimum, else 'Team complete' (SPEC-2 §1). */
export function TeamProgress({ team }: { team: Pick<TeamData, "size" | "minTeam" | "complete"> }) {
  return team.complete ? (
    <span className={s.pill({ tone: "good" })} data-testid="team-progress">
      Team complete
    </span>
  ) : (
    <span className={s.pill({ tone: "warn" })} data-testid="team-progress">
      Needs {team.minTeam - team.size} more
    </span>
  );
}

/**
 * Whether anyone can still join a team: registration open (a full event still takes members into
 * teams with room, SPEC-2 §1) and a place left in the team.
 */
export function canJoin(team: Pick<TeamData, "size" | "maxTeam">, state: RegistrationState) {
  return (state.reason === null || state.reason === "full") && team.size < team.maxTeam;
}

/**
 * A team as its members see it: name, code with a copy button and the share link (only while
 * someone can join), the members, and how far it is from complete. `memberAction` adds a control per member (the leader's Remove).
 */
export function TeamCard({
  team,
  eventNumber,
  appUrl,
  joinable,
  memberAction,
}: {
  team: TeamData;
  eventNumber: string;
  appUrl: string;
  /** Someone can still join (`canJoin`): the invite link is offered only then. */
  joinable: boolean;
  memberAction?: (member: TeamMemberData) => ReactNode;
}) {
  return (
    <div className={s.team} data-testid="team-card">
      <div className={s.teamHead}>
        <h3 className={s.teamName}>{team.name}</h3>
        <TeamProgress team={team} />
      </div>
      {team.code ? (
        <div className={s.codeRow}>
          <span className={s.muted}>Team code</span>
          <span className={s.code} data-testid="team-code">
            {team.code}
          </span>
          <CopyButton text={team.code} label="Copy code" testId="copy-code" />
        </div>
      ) : null}
      {team.code && joinable ? (
        <InviteLink team={team} url={inviteUrl(appUrl, eventNumber, team.code)} />
      ) : null}
      <p className={s.muted}>
        {team.size} of {team.maxTeam} members (at least {team.minTeam})
      </p>
      <MemberList members={team.members} memberAction={memberAction} />
    </div>
  );
}

/** A team's members: name, college, the leader marked; `memberAction` adds a control to each. */
export function MemberList({
  members,
  memberAction,
}: {
  members: TeamMemberData[];
  memberAction?: (member: TeamMemberData) => ReactNode;
}) {
  return (
    <ul className={s.members} aria-label="Members">
      {members.map((m) => (
        <li key={m._id} className={s.member} data-testid="team-member">
          <span>
            {[m.firstName, m.lastName].filter(Boolean).join(" ")}
            <span className={s.muted}> · {m.collegeName}</span>{" "}
            {m.isLeader ? <span className={s.pill()}>Leader</span> : null}{" "}
            {m.paymentPending ? (
              <span className={s.pill({ tone: "warn" })} data-testid="member-payment-pending">
                Payment pending
              </span>
            ) : null}
          </span>
          {memberAction?.(m)}
        </li>
      ))}
    </ul>
  );
}
