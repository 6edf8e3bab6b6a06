import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "#app/components/AppShell";
import { getUser } from "#app/utils/guards.server";

/** Public layout: the profile is loaded silently; a visitor simply has none. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return data({ user: await getUser(request, context) });
}

export default function PublicLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
