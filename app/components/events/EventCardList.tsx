import type { ReactNode } from "react";
import type { EventCardData } from "#server/contracts/event-shape";
import { EventCardItems } from "./EventCard";
import * as s from "./MyEvents.css";
import { EventsOrEmpty } from "./EventsOrEmpty";

/**
 * A signed-in user's list of event cards (My Events, Saved): the API's error, then the cards, or
 * `empty` (with its test id) when there are none.
 */
export function EventCardList<T extends EventCardData>({
  events,
  error,
  now,
  href,
  roleOf,
  saved,
  empty,
  emptyTestId,
  listTestId,
}: {
  events: T[];
  error: string | null;
  now: string;
  href: (event: T) => string;
  /** The caller's role on each event's team (My Events), shown on its card. */
  roleOf?: (event: T) => string | undefined;
  saved?: boolean;
  empty: ReactNode;
  emptyTestId: string;
  listTestId?: string;
}) {
  const nowDate = new Date(now);
  return (
    <EventsOrEmpty error={error} count={events.length} empty={empty} emptyTestId={emptyTestId}>
      <EventCardItems
        className={s.grid}
        testId={listTestId}
        cards={events.map((e) => ({
          event: e,
          href: href(e),
          now: nowDate,
          headingLevel: 2,
          saved,
          role: roleOf?.(e),
        }))}
      />
    </EventsOrEmpty>
  );
}
