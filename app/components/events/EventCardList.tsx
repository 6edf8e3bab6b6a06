import type { ReactNode } from "react";
import type { EventCardData } from "#server/contracts/event-shape";
import { EventCard } from "./EventCard";
import * as s from "./MyEvents.css";

/**
 * A signed-in user's list of event cards (My Events, Saved): the API's error, then the cards, or
 * `empty` (with its test id) when there are none.
 */
export function EventCardList({
  events,
  error,
  now,
  href,
  saved,
  empty,
  emptyTestId,
  listTestId,
}: {
  events: EventCardData[];
  error: string | null;
  now: string;
  href: (event: EventCardData) => string;
  saved?: boolean;
  empty: ReactNode;
  emptyTestId: string;
  listTestId?: string;
}) {
  const nowDate = new Date(now);
  return (
    <>
      {error ? (
        <p role="alert" className={s.error}>
          {error}
        </p>
      ) : null}
      {events.length === 0 ? (
        <div className={s.empty} data-testid={emptyTestId}>
          {empty}
        </div>
      ) : (
        <ul className={s.grid} data-testid={listTestId}>
          {events.map((e) => (
            <li key={e.eventNumber}>
              <EventCard event={e} href={href(e)} now={nowDate} headingLevel={2} saved={saved} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
