import {
  type ErrorResponse,
  isRouteErrorResponse,
  Link,
  useParams,
  useRouteError,
} from "@remix-run/react";
import type { ReactElement } from "react";
import { button } from "#app/styles/recipes.css";
import { PRODUCT_NAME } from "#app/utils/product";
import * as s from "./ErrorBoundary.css";

type StatusHandler = (info: {
  error: ErrorResponse;
  params: Record<string, string | undefined>;
}) => ReactElement | null;

/** What went wrong, in one line: the friendly 503 text, the status, or the error's message. */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 503)
    return "503 Service Unavailable: we are having trouble right now. Please try again in a minute.";
  if (isRouteErrorResponse(error))
    return `${error.status} ${error.statusText || (typeof error.data === "string" ? error.data : "")}`.trim();
  return error instanceof Error ? error.message : "Unknown error";
}

/** The error screen every boundary shows unless a status has its own (`statusHandlers`). */
function ErrorScreen({ error }: { error: unknown }) {
  return (
    <section className={s.errorPage}>
      <title>{`Error - ${PRODUCT_NAME}`}</title>
      <h1>Unexpected Application Error!</h1>
      <p className={s.errorText} data-testid="error-detail">
        {errorDetail(error)}
      </p>
      <Link to="/" className={button({ tone: "secondary" })}>
        Back to Home
      </Link>
    </section>
  );
}

/**
 * The one error boundary (the Epic Stack's GeneralErrorBoundary): the root renders it alone, the
 * layouts (`_public`, `_user`) inside their frame, so an error in a page keeps the top bar, menu
 * and footer; a page may answer some statuses itself (`statusHandlers`, e.g. the event page's 404).
 */
export function GeneralErrorBoundary({
  statusHandlers,
}: {
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const error = useRouteError();
  const params = useParams();
  const handler = isRouteErrorResponse(error) ? statusHandlers?.[error.status] : undefined;
  if (handler && isRouteErrorResponse(error)) return handler({ error, params });
  return <ErrorScreen error={error} />;
}
