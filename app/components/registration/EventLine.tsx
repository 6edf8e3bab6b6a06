import { Link } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import * as s from "./Registration.css";

/** The event a registration page is about, with the way back to it. */
export function EventLine({ event }: { event: EventData }) {
  return (
    <p className={s.muted}>
      <Link to={`/event/${event.eventNumber}`} className={s.backLink}>
        ← {event.eventName ?? "Event"}
      </Link>
      {event.organisationName ? ` · ${event.organisationName}` : ""}
    </p>
  );
}
