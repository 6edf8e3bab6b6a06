import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { type Config, secureCookies } from "#server/config";
import { findSessionUser } from "#server/services/accounts/sessions";
import type { UserRow } from "#server/db/schema";
import type { ApiContext, ApiEnv } from "./context";

export function sessionCookieName(config: Config): string {
  // __Host- pins the cookie to this host over HTTPS; plain name for http://localhost.
  return secureCookies(config) ? "__Host-utsav_session" : "utsav_session";
}

/**
 * Reads the session cookie, looks up its hash, and exposes the user (or null). What is answered
 * to a session (or sets one) is that person's alone: `private, no-store` unless the route said
 * otherwise (files are public by their content-addressed key), so no shared cache keeps it.
 *
 * A page's loaders ask several GETs in-process with the same cookie (the user, their saved
 * events, the event): given the page request's `sessionReads`, they share one lookup, as one
 * handler would. Anything else (a POST, a response that sets a cookie) reads afresh and makes the
 * rest of that page request read afresh too, so a login, logout or password change within it is
 * seen at once.
 */
export const sessionMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  const deps = c.get("deps");
  const token = uncheckedSessionToken(c);
  const reads = c.env?.sessionReads;
  const shared = reads && c.req.method === "GET";
  // A deferred lookup is the route's, only if its statement could not save (readSessionNow).
  const deferred = !!token && c.req.method === "POST" && SESSION_IN_STATEMENT.test(c.req.path);
  let user = null;
  if (token && !deferred) {
    let read = shared ? reads.get(token) : undefined;
    if (!read) {
      read = findSessionUser(deps, token);
      if (shared) reads.set(token, read);
    }
    user = await read;
  }
  setSession(c, token, user);
  await next();
  if (reads && (!shared || c.res.headers.has("set-cookie"))) reads.clear();
  if ((user || deferred || c.res.headers.has("set-cookie")) && !c.res.headers.has("cache-control"))
    c.res.headers.set("Cache-Control", "private, no-store");
});

function setSession(c: ApiContext, token: string | null, user: UserRow | null): void {
  c.set("user", user);
  c.set("sessionToken", user ? token : null);
}

/** For a route whose own statement found the session's user (a rush's call, below). */
export function acceptSessionUser(c: ApiContext, token: string, user: UserRow): void {
  setSession(c, token, user);
}

/**
 * A quiz answer checks the session in the statement that saves it (answer-statement.ts), a start
 * and a submit in the statement that reads the quiz (`participantReadBySession`), a gate's scan in
 * the statement that reads the event and the scanner's role (`readScanner`): a rush's calls, one
 * round trip fewer each. The middleware leaves their lookup to the route.
 */
const SESSION_IN_STATEMENT =
  /^\/api\/v1\/event\/[^/]+\/(rounds\/[^/]+\/quiz\/(answer|start|submit)|check-in)$/;

/** The session's token as the cookie gives it, unchecked: only for a statement that checks it. */
export function uncheckedSessionToken(c: ApiContext): string | null {
  return getCookie(c, sessionCookieName(c.get("deps").config)) ?? null;
}

/** For a route whose lookup was left to it: reads the session now, as the middleware would have. */
export async function readSessionNow(c: ApiContext, token: string): Promise<void> {
  setSession(c, token, await findSessionUser(c.get("deps"), token));
}

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

/** A long-lived random token marking a browser that signed in before (login-guard.ts). */
export function deviceCookieName(config: Config): string {
  return config.env === "production" && config.appUrl.startsWith("https:")
    ? "__Host-utsav_device"
    : "utsav_device";
}

export function setDeviceCookie(c: ApiContext, token: string): void {
  const { config } = c.get("deps");
  setCookie(c, deviceCookieName(config), token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: config.appUrl.startsWith("https:"),
    path: "/",
    maxAge: 400 * 86_400,
  });
}

export function clearSessionCookie(c: ApiContext): void {
  const { config } = c.get("deps");
  deleteCookie(c, sessionCookieName(config), {
    path: "/",
    secure: secureCookies(config),
  });
}
