import { Hono } from "hono";
import { eventCalendar } from "#server/services/saves/calendar";
import { visibleEvent } from "#server/services/team/permissions";
import { saveEvent, unsaveEvent } from "#server/services/saves/saves";
import { type ApiEnv, requireApiUser } from "#server/http/context";

/** /api/v1/event/{n}/save, unsave and calendar.ics (SPEC-2 §3). */
export function saveRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/:eventNumber/save", async (c) => {
    const user = requireApiUser(c);
    return c.json(await saveEvent(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.post("/:eventNumber/unsave", async (c) => {
    const user = requireApiUser(c);
    return c.json(await unsaveEvent(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.get("/:eventNumber/calendar.ics", async (c) => {
    const deps = c.get("deps");
    const event = await visibleEvent(deps, c.req.param("eventNumber"), c.get("user"));
    const body = eventCalendar(event, deps.config.appUrl, deps.clock.now());
    return c.body(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="utsav-${event.eventNumber}.ics"`,
      "Cache-Control": "no-cache",
    });
  });

  return routes;
}
