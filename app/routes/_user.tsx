import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useOptionalUser } from "#app/utils/use-user";
import { AppShell } from "#app/components/AppShell";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { requireUser } from "#app/utils/guards.server";

/** Signed-in layout: loads the profile, or sends the visitor to /login with redirectTo. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return data({ user: await requireUser(request, context) });
}

export default function UserLayout() {
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
