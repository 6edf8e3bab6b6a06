import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { type Config, secureCookies } from "#server/config";
import { findSessionUser } from "#server/services/sessions";
import type { ApiContext, ApiEnv } from "./context";

export function sessionCookieName(config: Config): string {
  // __Host- pins the cookie to this host over HTTPS; plain name for http://localhost.
  return secureCookies(config) ? "__Host-utsav_session" : "utsav_session";
}

/** Reads the session cookie, looks up its hash, and exposes the user (or null). */
export const sessionMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  const deps = c.get("deps");
  const token = getCookie(c, sessionCookieName(deps.config)) ?? null;
  const user = token ? await findSessionUser(deps, token) : null;
  c.set("user", user);
  c.set("sessionToken", user ? token : null);
  await next();
});

export function setSessionCookie(c: ApiContext, token: string): void {
  const { config } = c.get("deps");
  setCookie(c, sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secureCookies(config),
    path: "/",
    maxAge: config.sessionDays * 86_400,
  });
}

export function clearSessionCookie(c: ApiContext): void {
  const { config } = c.get("deps");
  deleteCookie(c, sessionCookieName(config), {
    path: "/",
    secure: secureCookies(config),
  });
}
