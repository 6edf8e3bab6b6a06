import { Link } from "@remix-run/react";
import type { EventCardData } from "#server/contracts/event-shape";
import { EventCardItems } from "#app/components/events/EventCard";
import { useSavedEvents } from "#app/utils/use-saved";
import * as s from "./Home.css";

/** A titled row of event cards on the home page, with a link to see more. */
export function EventRow({
  id,
  title,
  events,
  now,
  moreHref,
}: {
  id: string;
  title: string;
  events: EventCardData[];
  now: Date;
  moreHref: string;
}) {
  const saved = useSavedEvents();
  return (
    <section aria-labelledby={id} data-testid={id}>
      <div className={s.rowHead}>
        <h2 id={id} className={s.rowTitle}>
          {title}
        </h2>
        <Link to={moreHref} className={s.seeAll}>
          See all
        </Link>
      </div>
      {events.length ? (
        <EventCardItems
          className={s.cardRow}
          itemClassName={s.cardCell}
          cards={events.map((e) => ({
            event: e,
            href: `/event/${e.eventNumber}`,
            now,
            saved: saved?.has(e.eventNumber),
          }))}
        />
      ) : (
        <p className={s.empty}>No events here yet. Check back soon.</p>
      )}
    </section>
  );
}
