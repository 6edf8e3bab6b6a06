import { type AppLoadContext, redirect } from "@remix-run/node";
import { callApi } from "./api.server";
import type { User } from "./user";

/**
 * The user of each request, asked once: the layout's loader and a page's own loader run side by
 * side on the same Request, and both need it. Keyed weakly, so it lives as long as the request.
 */
const usersByRequest = new WeakMap<Request, Promise<User | null>>();

/** The current user, or null; never throws for a missing session. */
export function getUser(request: Request, context: AppLoadContext): Promise<User | null> {
  let user = usersByRequest.get(request);
  if (!user) {
    user = callApi<User>(request, context, "/user/profile").then((res) =>
      res.ok ? res.data : null,
    );
    usersByRequest.set(request, user);
  }
  return user;
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
