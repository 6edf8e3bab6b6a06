import type { EventData } from "../../../server/contracts/event-shape";

/**
 * Renders a whole event: the public event page and the step-3 live preview both use it.
 * Stub with the agreed props; the discovery work fills it in.
 */
export function EventView({ event, isCreator = false }: { event: EventData; isCreator?: boolean; now?: Date }) {
  return (
    <article data-testid="event-view">
      <h1>{event.eventName ?? "Untitled event"}</h1>
      <p>{event.organisationName}</p>
      {isCreator ? <a href={`/event/create/${event.eventNumber}/step3?type=${encodeURIComponent(event.eventType ?? "")}`}>Edit</a> : null}
    </article>
  );
}
