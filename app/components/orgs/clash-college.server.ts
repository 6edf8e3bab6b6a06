import type { AppLoadContext } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import type { Organisation } from "#server/contracts/orgs";
import { callApi } from "#app/utils/api.server";

/** The college named by the clash warning: the event's organisation's, asked only on a clash. */
export async function clashCollege(
  request: Request,
  context: AppLoadContext,
  event: Pick<EventData, "org" | "clashes">,
): Promise<string | null> {
  if (!event.org || !event.clashes?.length) return null;
  const res = await callApi<Organisation>(request, context, `/org/${event.org.handle}`, {
    asVisitor: true,
  });
  return res.ok ? res.data.college : null;
}
