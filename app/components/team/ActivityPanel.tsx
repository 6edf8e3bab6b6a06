import type { Round } from "#server/contracts/event-shape";
import type { ActivityItem } from "#server/contracts/team";
import * as o from "#app/components/organiser/Organiser.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as s from "./Team.css";
import { OrganiserSection } from "#app/components/organiser/OrganiserSection";

/** SPEC-3 §1's 'Activity': the team's writes, newest first, 50 a page ('Older' follows the cursor). */
export function ActivityPanel({
  items,
  next,
  paged,
}: {
  items: ActivityItem[];
  next: string | null;
  paged: boolean;
}) {
  return (
    <OrganiserSection id="activity" title="Activity">
      {items.length === 0 ? (
        <p className={o.muted}>Nothing yet: what the team does on this event shows here.</p>
      ) : (
        <ul className={s.list}>
          {items.map((item, i) => (
            <li key={`${item.at}-${i}`} className={s.row} data-testid="activity-item">
              <span className={s.who}>{item.summary}</span>
              <span className={s.time}>{formatDateTimeIST(item.at)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={o.muted}>
        {paged ? <a href="?section=team#activity">Newest</a> : null}
        {paged && next ? " · " : null}
        {next ? <a href={`?section=team&before=${next}#activity`}>Older</a> : null}
      </p>
    </OrganiserSection>
  );
}

/** What a judge or a volunteer sees on the organiser page: only their part of the event. */
export function RolePanel({
  role,
  eventNumber,
  rounds,
}: {
  role: "judge" | "volunteer";
  eventNumber: string;
  rounds: Round[];
}) {
  const judged = rounds
    .map((round, index) => ({ round, index }))
    .filter(({ round }) => round.kind === "submission");
  return role === "judge" ? (
    <OrganiserSection id="judging" title="Judging">
      <p className={o.muted}>
        The submissions assigned to you appear in a round's queue when its judging opens.
      </p>
      {judged.length ? (
        <ul>
          {judged.map(({ round, index }) => (
            <li key={round._id}>
              <a href={`/my/event/${eventNumber}/judging/${index}`}>
                Round {index + 1}: {round.title}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className={o.muted}>This event has no submission rounds yet.</p>
      )}
    </OrganiserSection>
  ) : (
    <OrganiserSection id="check-in" title="Check-in">
      <p className={o.muted}>Check people in at the venue by scanning their tickets.</p>
      <p>
        <a href={`/my/event/${eventNumber}/check-in`}>Open check-in</a>
      </p>
    </OrganiserSection>
  );
}
