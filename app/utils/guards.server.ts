import { type AppLoadContext, redirect } from "@remix-run/node";
import { callApi } from "./api.server";
import type { User } from "./user";

/** The current user, or null; never throws for a missing session. */
export async function getUser(request: Request, context: AppLoadContext): Promise<User | null> {
  const res = await callApi<User>(request, context, "/user/profile");
  return res.ok ? res.data : null;
}

export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
}

/** The current user, or a redirect to /login carrying where to come back to. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<User> {
  const user = await getUser(request, context);
  if (!user) loginRedirect(request);
  return user;
}
