import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import type { EventCardData } from "#server/contracts/event-shape";
import { AppShell } from "#app/components/AppShell";
import { callApi } from "#app/utils/api.server";
import { getUser } from "#app/utils/guards.server";

/**
 * Public layout: the profile is loaded silently; a visitor simply has none. Signed in, the
 * events they saved come along, for the Save toggles of cards and the event page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const saved = user ? await callApi<EventCardData[]>(request, context, "/my/saved") : null;
  return data({ user, saved: saved?.ok ? saved.data.map((e) => e.eventNumber) : [] });
}

export default function PublicLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
