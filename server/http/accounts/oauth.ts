import { Hono } from "hono";
import {
  clearStateCookie,
  finishGoogleSignIn,
  startGoogleSignIn,
} from "#server/services/accounts/google";
import { signInWithGoogle } from "#server/services/accounts/google-accounts";
import { consumeState } from "#server/services/accounts/google-state";
import { hitRateLimit } from "#server/lib/rate-limit";
import { createSession } from "#server/services/accounts/sessions";
import { toUserJson } from "#server/services/accounts/user-json";
import type { ApiEnv } from "#server/http/context";
import { ApiError } from "#server/lib/errors";
import { setSessionCookie } from "#server/http/session";

/** /api/v1/user/oauth: Google sign-in (SPEC §7). */
export function oauthRoutes() {
  const routes = new Hono<ApiEnv>();

  // Starts the flow: the consent-screen URL for the web app to redirect to, and the state cookie.
  // JSON rather than a 302 so the web app (or a fetch over API_URL) does not follow it itself.
  routes.post("/google", async (c) => {
    const { config } = c.get("deps");
    const { url, setCookie } = await startGoogleSignIn(config);
    c.header("Set-Cookie", setCookie, { append: true });
    c.header("Cache-Control", "no-store");
    return c.json({ url });
  });

  // Google's return, forwarded by /login-with-google with its query string and the browser's cookies.
  routes.get("/session/google", async (c) => {
    const deps = c.get("deps");
    const clearState = await clearStateCookie(deps.config);
    try {
      await hitRateLimit(deps, `google:${c.get("clientIp")}`, 30, 10 * 60_000);
      const query = new URL(c.req.url).search.slice(1);
      const state = new URLSearchParams(query).get("state");
      if (state) await consumeState(deps, state);
      const identity = await finishGoogleSignIn(deps.config, query, c.req.header("cookie") ?? null);
      const user = await signInWithGoogle(deps, identity);
      setSessionCookie(c, await createSession(deps, user.id));
      c.header("Set-Cookie", clearState, { append: true });
      c.header("Cache-Control", "no-store");
      return c.json(toUserJson(user));
    } catch (err) {
      // The state is used up whatever happened, so a failed return cannot be replayed.
      if (err instanceof ApiError)
        throw new ApiError(err.status, err.message, err.errors, {
          ...err.headers,
          "Set-Cookie": clearState,
        });
      throw err;
    }
  });

  return routes;
}
