import type { ReactNode } from "react";
import type { RegistrationState, TeamData, TeamMemberData } from "#server/contracts/registration";
import { CopyButton } from "./CopyButton";
import * as s from "./Registration.css";

export function joinPath(eventNumber: string, code: string): string {
  return `/event/${eventNumber}/team/join?code=${code}`;
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
  joinable,
  memberAction,
}: {
  team: TeamData;
  eventNumber: string;
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
          {joinable ? (
            <CopyButton text={joinPath(eventNumber, team.code)} label="Copy invite link" />
          ) : null}
        </div>
      ) : null}
      {team.code && joinable ? (
        <p className={s.muted}>
          Invite link:{" "}
          <a href={joinPath(eventNumber, team.code)}>{joinPath(eventNumber, team.code)}</a>
        </p>
      ) : null}
      <p className={s.muted}>
        {team.size} of {team.maxTeam} members (at least {team.minTeam})
      </p>
      <ul className={s.members} aria-label="Members">
        {team.members.map((m) => (
          <li key={m._id} className={s.member} data-testid="team-member">
            <span>
              {[m.firstName, m.lastName].filter(Boolean).join(" ")}
              <span className={s.muted}> · {m.collegeName}</span>{" "}
              {m.isLeader ? <span className={s.pill()}>Leader</span> : null}
            </span>
            {memberAction?.(m)}
          </li>
        ))}
      </ul>
    </div>
  );
}
