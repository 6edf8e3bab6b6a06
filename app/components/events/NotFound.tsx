import { Link } from "@remix-run/react";
import * as s from "#app/components/NotFound.css";
import { button } from "#app/styles/recipes.css";

/**
 * The 404 page for an event that does not exist or is not published. Written out rather than
 * through `NotFound`: the event page is the heaviest public page and keeps to its JS budget.
 */
export function EventNotFound() {
  return (
    <section className={s.box} data-testid="event-not-found">
      <h1>Event not found</h1>
      <p className={s.text}>This event does not exist or is not published yet.</p>
      <div className={s.actions}>
        <Link to="/event/search" className={button()}>
          Search events
        </Link>
        <Link to="/" className={button({ tone: "secondary" })}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
