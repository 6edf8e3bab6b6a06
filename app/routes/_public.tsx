import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { callApi } from "#app/utils/api.server";
import { ShellErrorBoundary, ShellLayout } from "#app/components/AppShell";
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
  return <ShellLayout />;
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
