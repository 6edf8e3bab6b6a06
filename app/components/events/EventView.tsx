import type { RoundStates } from "#app/components/submissions/RoundSubmission";
import type { ReactNode } from "react";
import type { EventData } from "#server/contracts/event-shape";
import type { Announcement, Results } from "#server/contracts/organiser";
import { useKeptContent } from "#app/utils/kept-html";
import { PRODUCT_NAME } from "#app/utils/product";
import { EventFacts, EventHeader } from "./EventHeader";
import { EventSections, sectionsOf, type Variant } from "./EventSections";
import * as s from "./EventView.css";

interface EventViewProps {
  event: EventData;
  isCreator?: boolean;
  now?: Date;
  variant?: Variant;
  /** SPEC-2 §4: the organiser's updates, and who advanced and won. */
  updates?: Announcement[];
  results?: Results;
  /** The page's own buttons beside Share (Save, calendars); the preview has none. */
  actions?: ReactNode;
  /** The event page's registration block (SPEC-2 §1), shown below the deadline. */
  registration?: ReactNode;
  /** Under each round, what the viewer can do in it (SPEC-3 §2, §4), by round index. */
  roundActions?: Record<number, ReactNode>;
  /** SPEC-3 §2: the viewer's state in each submission round. */
  roundStates?: RoundStates;
}

/**
 * Renders a whole event: the public event page, the search preview and the step-3 live preview.
 * Works from partial data (a draft being built) and needs no JavaScript; only Share enhances.
 * `now` fixes "time left" so the server's and the browser's render agree.
 */
export function EventView({
  keptKey,
  variant = "page",
  ...props
}: EventViewProps & {
  /**
   * Names everything this view renders from, props and all (kept-html.tsx): given, the server
   * keeps its HTML for that key.
   */
  keptKey?: () => string;
}) {
  // Ids are prefixed in the preview so they never clash with the page around it.
  const sid = (id: string) => (variant === "page" ? id : `preview-${id}`);
  // The content is an element of its own: for a kept view (found by its key) it is never rendered.
  const content = useKeptContent(
    keptKey,
    <EventViewContent {...props} variant={variant} sid={sid} />,
  );
  return (
    <article
      className={s.view}
      data-testid="event-view"
      aria-labelledby={sid("event-title")}
      {...content}
    />
  );
}

function EventViewContent({
  event,
  isCreator = false,
  now = new Date(),
  variant,
  sid,
  updates = [],
  results,
  actions,
  registration,
  roundActions,
  roundStates,
}: EventViewProps & { variant: Variant; sid: (id: string) => string }) {
  const sections = sectionsOf(event, updates.length);
  const name = event.eventName || "Untitled event";
  return (
    <>
      <EventHeader
        event={event}
        name={name}
        isCreator={isCreator}
        now={now}
        variant={variant}
        sid={sid}
      />
      <EventFacts event={event} name={name} now={now} actions={actions} />

      {registration}

      {sections.length > 0 ? (
        <nav aria-label="Event sections">
          <ul className={s.anchors}>
            {sections.map((x) => (
              <li key={x.id}>
                <a href={`#${sid(x.id)}`} className={s.anchor}>
                  {x.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <EventSections
        event={event}
        variant={variant}
        sid={sid}
        updates={updates}
        results={results}
        roundActions={roundActions}
        roundStates={roundStates}
      />
    </>
  );
}

/** Shown while an event is on its way: the product word in place of the page. */
export function EventPlaceholder() {
  return (
    <div
      className={s.placeholder}
      role="status"
      aria-label="Loading event"
      data-testid="event-placeholder"
    >
      {PRODUCT_NAME}
    </div>
  );
}
