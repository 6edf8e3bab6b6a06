import type { AppLoadContext } from "@remix-run/node";
import type { EventCardData } from "#server/contracts/event-shape";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";

/**
 * A signed-in user's list of event cards from the API (My Events, Saved), with its error and the
 * time the cards are drawn at; a session that ended goes to /login. `headers` are the API's.
 */
export async function loadMyEventCards<T extends EventCardData = EventCardData>(
  request: Request,
  context: AppLoadContext,
  path: string,
) {
  const res = await callApi<T[]>(request, context, path);
  if (res.status === 401) loginRedirect(request);
  return {
    list: {
      events: res.ok ? res.data : [],
      error: res.ok ? null : res.message,
      now: new Date().toISOString(),
    },
    headers: res.headers,
  };
}
