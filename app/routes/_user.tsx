import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { ShellErrorBoundary, ShellLayout } from "#app/components/AppShell";
import { requireUser } from "#app/utils/guards.server";

/** Signed-in layout: loads the profile, or sends the visitor to /login with redirectTo. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return data({ user: await requireUser(request, context) });
}

export default function UserLayout() {
  return <ShellLayout />;
}

export function ErrorBoundary() {
  return <ShellErrorBoundary />;
}
