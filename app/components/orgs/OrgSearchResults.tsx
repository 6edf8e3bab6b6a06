import { Link } from "@remix-run/react";
import type { Organisation } from "#server/contracts/orgs";
import { EventCardItems } from "#app/components/events/EventCard";
import * as e from "#app/components/events/Search.css";
import { cardGrid } from "#app/styles/layout.css";
import { button } from "#app/styles/recipes.css";
import type { OrgEventCard } from "./types";

/** /event/search?org={handle} (SPEC-4 §4): one organisation's events, under its name. */
export function OrgSearchResults({
  org,
  events,
  now,
}: {
  org: Pick<Organisation, "handle" | "name" | "college" | "city">;
  events: OrgEventCard[];
  now: string;
}) {
  const nowDate = new Date(now);
  return (
    <>
      <div className={e.head}>
        <h1 className={e.title} data-testid="org-search-title">
          Events by {org.name}
        </h1>
        <p className={e.count} data-testid="result-count">
          {events.length} {events.length === 1 ? "event" : "events"}
        </p>
      </div>
      <p className={e.count}>
        {org.college} · {org.city} · <Link to={`/org/${org.handle}`}>Its page</Link> ·{" "}
        <Link to="/event/search">All events</Link>
      </p>
      {events.length ? (
        <EventCardItems
          className={cardGrid}
          testId="result-list"
          cards={events.map((ev) => ({
            event: ev,
            href: `/event/${ev.eventNumber}`,
            now: nowDate,
            headingLevel: 2,
          }))}
        />
      ) : (
        <div data-testid="no-results">
          <h2>No upcoming events</h2>
          <Link to={`/org/${org.handle}`} className={button({ tone: "secondary" })}>
            See its past events
          </Link>
        </div>
      )}
    </>
  );
}
