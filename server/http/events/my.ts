import { Hono } from "hono";
import { parseEventQuery } from "#server/services/events/event-query";
import { searchMyEvents } from "#server/services/events/my-events";
import { listSaved, savedEventNumbers } from "#server/services/saves/saves";
import { editableEventNumbers } from "#server/services/team/permissions";
import { type ApiEnv, requireApiUser } from "#server/http/context";
import { pagingHeaders } from "./event-list";

/** /api/v1/my calls of SPEC §7. */
export function myRoutes() {
  const routes = new Hono<ApiEnv>();

  // The user's own events, drafts included; `q` filters by event name.
  routes.get("/event", async (c) => {
    const user = requireApiUser(c);
    const { q, page, limit } = parseEventQuery(c.req.query(), 50);
    const result = await searchMyEvents(c.get("deps"), user.id, { q, page, limit });
    return c.json(result.items, 200, pagingHeaders(c, result));
  });

  // Saved events as cards, expired ones last (SPEC-2 §3).
  routes.get("/saved", async (c) => {
    const user = requireApiUser(c);
    return c.json(await listSaved(c.get("deps"), user.id));
  });

  // The numbers of the published events the user saved and may edit, for the Save toggles and
  // edit links of every public page (not in the spec's table).
  routes.get("/numbers", async (c) => {
    const [deps, user] = [c.get("deps"), requireApiUser(c)];
    const [saved, editable] = await Promise.all([
      savedEventNumbers(deps, user.id),
      editableEventNumbers(deps.db, user.id),
    ]);
    return c.json({ saved, editable });
  });

  return routes;
}
