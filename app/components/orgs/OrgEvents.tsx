import { Link } from "@remix-run/react";
import type { OrgEventCard } from "./types";
import { EventCardItems } from "#app/components/events/EventCard";
import { cardGrid } from "#app/styles/layout.css";
import { formatDateIST } from "#app/utils/dates";
import * as s from "./Org.css";

const RANKS = ["1st", "2nd", "3rd"];
const rankLabel = (rank: number) => RANKS[rank - 1] ?? `${rank}th`;

/** The organisation's events still to come, as the cards of the rest of the site. */
export function UpcomingEvents({ events, now }: { events: OrgEventCard[]; now: string }) {
  const nowDate = new Date(now);
  return (
    <section className={s.section} aria-labelledby="org-upcoming">
      <h2 id="org-upcoming" className={s.sectionTitle}>
        Upcoming events
      </h2>
      {events.length ? (
        <EventCardItems
          className={cardGrid}
          testId="org-upcoming"
          cards={events.map((e) => ({ event: e, href: `/event/${e.eventNumber}`, now: nowDate }))}
        />
      ) : (
        <p className={s.muted} data-testid="no-upcoming">
          No upcoming events.
        </p>
      )}
    </section>
  );
}

/** Past events, newest first, each with its winners once they are out. */
export function PastEvents({ events }: { events: OrgEventCard[] }) {
  if (!events.length) return null;
  return (
    <section className={s.section} aria-labelledby="org-past">
      <h2 id="org-past" className={s.sectionTitle}>
        Past events
      </h2>
      <ul className={s.pastList} data-testid="org-past">
        {events.map((e) => (
          <li key={e.eventNumber} className={s.past}>
            <Link to={`/event/${e.eventNumber}`} className={s.pastName}>
              {e.eventName || "Untitled event"}
            </Link>
            {e.endDate ? <span className={s.muted}> · {formatDateIST(e.endDate)}</span> : null}
            {e.winners?.length ? (
              <ol className={s.winners} aria-label="Winners" data-testid="org-winners">
                {e.winners.map((w) => (
                  <li key={`${w.rank}-${w.name}`}>
                    <span className={s.rank}>{rankLabel(w.rank)}</span> {w.name}
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
