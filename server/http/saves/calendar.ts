import { Hono } from "hono";
import {
  calendarFeed,
  getCalendarUrl,
  resetCalendarUrl,
  unsubscribe,
  unsubscribeFollowing,
} from "#server/services/saves/personal-links";
import { type ApiEnv, requireApiUser } from "#server/http/context";

/** /api/v1/calendar/{token}.ics: a person's feed, read by calendar apps without a session. */
export function calendarRoutes() {
  const routes = new Hono<ApiEnv>();
  routes.get("/:file", async (c) => {
    const file = c.req.param("file");
    const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
    const body = await calendarFeed(c.get("deps"), token);
    return c.body(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-cache",
    });
  });
  return routes;
}

/** /api/v1/user/calendar, /user/calendar/reset and /user/unsubscribe/{token} (SPEC-2 §3). */
export function userLinkRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/calendar", async (c) => {
    const user = requireApiUser(c);
    return c.json(await getCalendarUrl(c.get("deps"), user.id));
  });

  routes.post("/calendar/reset", async (c) => {
    const user = requireApiUser(c);
    return c.json(await resetCalendarUrl(c.get("deps"), user.id));
  });

  // One click, no session: the token is the credential (RFC 8058's POST lands on the web page,
  // whose action calls this).
  routes.post("/unsubscribe/:token", async (c) =>
    c.json(await unsubscribe(c.get("deps"), c.req.param("token"))),
  );
  // The followers' digest (SPEC-4 §4): the page is /unsubscribe/{token}?list=following.
  routes.post("/unsubscribe/:token/following", async (c) =>
    c.json(await unsubscribeFollowing(c.get("deps"), c.req.param("token"))),
  );

  return routes;
}
