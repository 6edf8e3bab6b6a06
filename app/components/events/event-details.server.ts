import type { AppLoadContext } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import { type ApiResult, callApi } from "#app/utils/api.server";

/**
 * An event as a page shows it to anyone: a published one is the same for everybody, so it is
 * asked as a visitor and shared for a few seconds (`asVisitor`); a draft, which a visitor is not
 * shown (404), is asked again as the viewer, whose team may see it. The viewer's own part (their
 * role) comes from elsewhere: the layout's numbers, or their registration.
 */
export async function eventAsShown(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
): Promise<ApiResult<EventData>> {
  const path = `/event/details/${encodeURIComponent(eventNumber)}`;
  const shared = await callApi<EventData>(request, context, path, { asVisitor: true });
  return shared.status === 404 ? callApi<EventData>(request, context, path) : shared;
}
