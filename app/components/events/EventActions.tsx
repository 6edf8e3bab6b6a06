import type { EventData } from "#server/contracts/event-shape";
import { CalendarIcon } from "#app/components/Icons";
import { button } from "#app/styles/recipes.css";
import { googleDeadlineUrl, icsPath } from "#app/utils/calendar-links";
import { SaveButton } from "./SaveButton";
import * as s from "./SaveButton.css";

/** The event page's own buttons: Save, 'Add to calendar' (the .ics) and Google Calendar. */
export function EventActions({
  event,
  saved,
  appUrl,
}: {
  event: EventData;
  saved: boolean;
  appUrl: string;
}) {
  const google = googleDeadlineUrl(event, appUrl);
  return (
    <>
      {event.status === "active" ? (
        <SaveButton eventNumber={event.eventNumber} eventName={event.eventName} saved={saved} />
      ) : null}
      <a
        href={icsPath(event.eventNumber)}
        download={`utsav-${event.eventNumber}.ics`}
        className={button({ tone: "secondary", size: "sm" })}
        data-testid="add-to-calendar"
      >
        <CalendarIcon className={s.icon} />
        Add to calendar
      </a>
      {google ? (
        <a
          href={google}
          target="_blank"
          rel="noopener noreferrer"
          className={button({ tone: "ghost", size: "sm" })}
        >
          Google Calendar
        </a>
      ) : null}
    </>
  );
}
