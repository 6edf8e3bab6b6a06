import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { callApi } from "#app/utils/api.server";
import { useOptionalUser } from "#app/utils/use-user";
import { AppShell } from "#app/components/AppShell";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { getUser } from "#app/utils/guards.server";

/**
 * Public layout: the profile is loaded silently; a visitor simply has none. Signed in, the
 * events they saved come along, for the Save toggles of cards and the event page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const saved = user ? await callApi<string[]>(request, context, "/my/saved/numbers") : null;
  return data({ user, saved: saved?.ok ? saved.data : [] });
}

export default function PublicLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}

/** An error in a page keeps the frame: top bar, menu and footer around the error screen. */
export function ErrorBoundary() {
  return (
    <AppShell user={useOptionalUser()}>
      <GeneralErrorBoundary />
    </AppShell>
  );
}
