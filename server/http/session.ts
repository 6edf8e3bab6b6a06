import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Config } from "#server/config";
import { findSessionUser } from "#server/services/sessions";
import type { ApiContext, ApiEnv } from "./context";

export function sessionCookieName(config: Config): string {
  // __Host- pins the cookie to this host over HTTPS; plain name for http://localhost.
  return config.env === "production" && config.appUrl.startsWith("https:")
    ? "__Host-utsav_session"
    : "utsav_session";
}

/**
 * Reads the session cookie, looks up its hash, and exposes the user (or null). What is answered
 * to a session (or sets one) is that person's alone: `private, no-store` unless the route said
 * otherwise (files are public by their content-addressed key), so no shared cache keeps it.
 */
export const sessionMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  const deps = c.get("deps");
  const token = getCookie(c, sessionCookieName(deps.config)) ?? null;
  const user = token ? await findSessionUser(deps, token) : null;
  c.set("user", user);
  c.set("sessionToken", user ? token : null);
  await next();
  if ((user || c.res.headers.has("set-cookie")) && !c.res.headers.has("cache-control"))
    c.res.headers.set("Cache-Control", "private, no-store");
});

export function setSessionCookie(c: ApiContext, token: string): void {
  const { config } = c.get("deps");
  setCookie(c, sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: config.appUrl.startsWith("https:"),
    path: "/",
    maxAge: config.sessionDays * 86_400,
  });
}

export function clearSessionCookie(c: ApiContext): void {
  const { config } = c.get("deps");
  deleteCookie(c, sessionCookieName(config), {
    path: "/",
    secure: config.appUrl.startsWith("https:"),
  });
}
