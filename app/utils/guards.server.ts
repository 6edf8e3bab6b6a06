import { type AppLoadContext, redirect } from "@remix-run/node";
import { callApi } from "./api.server";
import { type CreationStep, stashRequestForm } from "./form-stash.server";
import { redirectAfterWait } from "./toast.server";
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
    // No cookie, no session: a visitor needs no call to find that out.
    user = request.headers.has("cookie")
      ? callApi<User>(request, context, "/user/profile").then((res) => (res.ok ? res.data : null))
      : Promise.resolve(null);
    usersByRequest.set(request, user);
  }
  return user;
}

/** /login, carrying where to come back to. */
function loginUrl(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}

export function loginRedirect(request: Request): never {
  throw redirect(loginUrl(request));
}

export const SESSION_ENDED_MESSAGE = "Your session has ended: log in to continue";

/**
 * A save answered 401: the session ended while the page was open. SPEC §8: say so, then go to
 * /login after 2 s (and back here after logging in).
 */
export async function sessionEndedRedirect(
  request: Request,
  headers: HeadersInit = {},
): Promise<never> {
  throw await redirectAfterWait(
    loginUrl(request),
    { type: "error", message: SESSION_ENDED_MESSAGE },
    headers,
  );
}

/** The current user, or a redirect to /login carrying where to come back to. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<User> {
  const user = await getUser(request, context);
  if (!user) loginRedirect(request);
  return user;
}

/**
 * Before a save: a session that ended while the page was open is said so (then /login after
 * 2 s), whether or not the form would have passed its checks. Without it a refused form would
 * re-render through the signed-in layout, which sends the visitor to /login at once. Given the
 * creation step (`keep`), what was typed is kept server-side first (form-stash.server.ts), so the
 * step comes back filled in after logging in.
 */
export async function requireUserForSave(
  request: Request,
  context: AppLoadContext,
  keep?: { eventNumber: string; step: CreationStep },
): Promise<User> {
  const user = await getUser(request, context);
  if (!user) {
    const headers = keep
      ? await stashRequestForm(request, context, keep.eventNumber, keep.step)
      : undefined;
    await sessionEndedRedirect(request, headers);
  }
  return user!;
}
