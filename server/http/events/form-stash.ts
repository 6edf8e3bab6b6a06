import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { type Config, secureCookies } from "#server/config";
import {
  NOTHING_KEPT,
  STASH_TTL_MS,
  stashSchema,
  takeStashSchema,
} from "#server/contracts/form-stash";
import { notFound, parseBody } from "#server/lib/errors";
import { stashForm, takeStash } from "#server/services/events/form-stashes";
import { type ApiContext, type ApiEnv, readJson, requireApiUser } from "#server/http/context";
import { sessionCookieName } from "#server/http/session";

/** The random token naming a browser's kept form; HttpOnly, so no script can read it. */
export function stashCookieName(config: Config): string {
  return secureCookies(config) ? "__Host-utsav_stash" : "utsav_stash";
}

function clearStashCookie(c: ApiContext): void {
  const { config } = c.get("deps");
  deleteCookie(c, stashCookieName(config), { path: "/", secure: secureCookies(config) });
}

/**
 * Issue 11, a session that ends mid-creation (services/form-stashes.ts):
 * - `POST /form-stash` `{ eventNumber, form, fields: [[name, value], …] }`, signed in or not:
 *   keeps the fields for an hour and answers 201 with the `utsav_stash` cookie.
 * - `POST /form-stash/take` `{ eventNumber, form }`, signed in: the fields once (and the cookie
 *   cleared), or 404 when nothing is kept for this person, event and form.
 */
export function formStashRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/", async (c) => {
    const deps = c.get("deps");
    const input = parseBody(stashSchema, await readJson(c));
    const token = await stashForm(deps, input, {
      ip: c.get("clientIp"),
      sessionToken: getCookie(c, sessionCookieName(deps.config)) ?? null,
      previousToken: getCookie(c, stashCookieName(deps.config)) ?? null,
    });
    setCookie(c, stashCookieName(deps.config), token, {
      httpOnly: true,
      sameSite: "Lax",
      secure: secureCookies(deps.config),
      path: "/",
      maxAge: STASH_TTL_MS / 1000,
    });
    c.header("Cache-Control", "no-store");
    return c.json({ message: "Kept" }, 201);
  });

  routes.post("/take", async (c) => {
    const user = requireApiUser(c);
    const deps = c.get("deps");
    const target = parseBody(takeStashSchema, await readJson(c));
    const token = getCookie(c, stashCookieName(deps.config)) ?? "";
    const fields = await takeStash(deps, token, user.id, target);
    if (!fields) throw notFound(NOTHING_KEPT);
    clearStashCookie(c);
    return c.json({ fields });
  });

  return routes;
}
