import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { button } from "#app/styles/recipes.css";
import * as s from "./Organiser.css";

/** The organiser pages' error screen: someone else's event (403) or an unknown one (404). */
export function OrganiserError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, message] =
    status === 403
      ? ["Not your event", "Only the organiser of this event can manage it."]
      : status === 404
        ? ["Event not found", "There is no event with this number."]
        : ["Something went wrong", "Please try again in a minute."];
  return (
    <section className={s.page}>
      <h1 className={s.title}>{title}</h1>
      <p data-testid="error-detail">{message}</p>
      <Link to="/my/event" className={button({ tone: "secondary" })}>
        Back to My Events
      </Link>
    </section>
  );
}
