import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { callApi } from "#app/utils/api.server";
import { ShellErrorBoundary, ShellLayout } from "#app/components/AppShell";
import { getUser } from "#app/utils/guards.server";

/**
 * Public layout: the profile is loaded silently; a visitor simply has none. Signed in, the
 * numbers of the events they saved and may edit come along, for the Save toggles of cards and
 * the event page, and search's edit links.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const numbers = user
    ? await callApi<{ saved: string[]; editable: string[] }>(request, context, "/my/numbers")
    : null;
  return data({
    user,
    saved: numbers?.ok ? numbers.data.saved : [],
    editable: numbers?.ok ? numbers.data.editable : [],
  });
}

export default function PublicLayout() {
  return <ShellLayout />;
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
