import type { AppLoadContext } from "@remix-run/node";
import type { Organisation } from "#server/contracts/orgs";
import { callApi } from "#app/utils/api.server";
import type { OrgEventCard } from "./types";

/** A handle's shape (the API says whether it exists): 3 to 30 letters, digits and hyphens. */
const LOOKS_LIKE_HANDLE = /^[a-z0-9-]{3,30}$/;

/**
 * /event/search?org={handle}: the organisation (its name for the heading) and its upcoming
 * events, asked as a visitor (the same for everyone); null without `org` or for an unknown one.
 */
export async function orgSearch(
  request: Request,
  context: AppLoadContext,
  handle: string | null,
): Promise<{ org: Organisation; events: OrgEventCard[] } | null> {
  if (!handle || !LOOKS_LIKE_HANDLE.test(handle)) return null;
  const [org, events] = await Promise.all([
    callApi<Organisation>(request, context, `/org/${handle}`, { asVisitor: true }),
    callApi<OrgEventCard[]>(request, context, `/org/${handle}/events`, { asVisitor: true }),
  ]);
  if (!org.ok) return null;
  return { org: org.data, events: events.ok ? events.data : [] };
}
