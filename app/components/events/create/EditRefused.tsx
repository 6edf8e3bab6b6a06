import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { button } from "#app/styles/recipes.css";
import * as s from "#app/components/organiser/Organiser.css";

/**
 * The steps' error screen: a judge or a volunteer opening an edit step is told, with the API's 403
 * reason, that they cannot edit the event, and led to their part of it (issue 45); any other error
 * is the general screen.
 */
export function EditRefused() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: ({ error, params }) => (
          <section className={s.page} data-testid="edit-refused">
            <h1 className={s.title}>You cannot edit this event</h1>
            <p data-testid="error-detail">{String(error.data)}</p>
            <div className={s.actions}>
              <Link to={`/my/event/${params.eventNumber ?? ""}`} className={button()}>
                Open your part of this event
              </Link>
              <Link
                to={`/event/${params.eventNumber ?? ""}`}
                className={button({ tone: "secondary" })}
              >
                Open the event page
              </Link>
            </div>
          </section>
        ),
      }}
    />
  );
}
