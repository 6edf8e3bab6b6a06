import type { TeamData } from "#server/contracts/registration";
import { MemberList } from "./TeamCard";
import * as s from "./Registration.css";

/** The team a code opens, as someone about to join sees it: name, leader, members, places left. */
export function TeamPreview({ team }: { team: TeamData }) {
  const left = team.maxTeam - team.size;
  const leader = team.members.find((m) => m.isLeader);
  return (
    <div className={s.team} data-testid="team-preview">
      <div className={s.teamHead}>
        <h2 className={s.teamName}>{team.name}</h2>
        <span className={s.pill({ tone: left > 0 ? "good" : "warn" })} data-testid="places-left">
          {left > 0 ? `${left} ${left === 1 ? "place" : "places"} left` : "Team is full"}
        </span>
      </div>
      {leader ? (
        <p className={s.muted}>
          Led by {[leader.firstName, leader.lastName].filter(Boolean).join(" ")} · {team.size} of{" "}
          {team.maxTeam} members
        </p>
      ) : null}
      <MemberList members={team.members} />
    </div>
  );
}
