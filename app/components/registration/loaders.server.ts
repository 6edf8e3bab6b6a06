import { type AppLoadContext, data } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import type { LastDetails, RegistrationState } from "#server/contracts/registration";
import { callApi } from "#app/utils/api.server";
import { loginRedirect, requireUser } from "#app/utils/guards.server";
import { profileDetails } from "./DetailsFields";

/**
 * What every registration page loads: the signed-in user (or a redirect to /login that comes
 * back), the event (404 if unknown or a draft of someone else) and the caller's registration state.
 */
export async function loadRegistrationPage(
  request: Request,
  context: AppLoadContext,
  eventNumber: string | undefined,
) {
  const user = await requireUser(request, context);
  const n = encodeURIComponent(eventNumber ?? "");
  const [event, state, last] = await Promise.all([
    callApi<EventData>(request, context, `/event/details/${n}`),
    callApi<RegistrationState>(request, context, `/event/${n}/registration`),
    callApi<LastDetails>(request, context, "/my/registration-details"),
  ]);
  if (event.status === 404 || state.status === 404)
    throw data("Event not found", { status: 404, statusText: "Not Found" });
  if (state.status === 401) loginRedirect(request);
  if (!event.ok) throw data(event.message, { status: event.status });
  if (!state.ok) throw data(state.message, { status: state.status });
  // The form's first values: the profile, then the latest registration's (issue 45).
  const details = profileDetails(user, last.ok ? last.data : null);
  return { user, event: event.data, state: state.data, details };
}

/** A refused call that needs signing in again goes to /login; other refusals are the caller's. */
export function onUnauthorized(request: Request, status: number): void {
  if (status === 401) loginRedirect(request);
}
