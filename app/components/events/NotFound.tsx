import { Link } from "@remix-run/react";
import { NotFound } from "#app/components/NotFound";
import { button } from "#app/styles/recipes.css";

/** The 404 page for an event that does not exist or is not published. */
export function EventNotFound() {
  return (
    <NotFound
      testId="event-not-found"
      title="Event not found"
      text="This event does not exist or is not published yet."
    >
      <Link to="/event/search" className={button()}>
        Search events
      </Link>
    </NotFound>
  );
}
