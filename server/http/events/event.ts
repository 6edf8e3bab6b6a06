import { Hono } from "hono";
import { EVENT_TYPES } from "#server/contracts/constants";
import { defaultAbout, isEventType } from "#server/services/events/event-content";
import { getEventDetails } from "#server/services/events/event-read";
import { step3SectionByEndpoint } from "#server/contracts/event-step3";
import { saveStep3 } from "#server/services/events/event-step3";
import { publishEvent, saveStep1, saveStep2 } from "#server/services/events/events";
import { isSaved } from "#server/services/saves/saves";
import {
  type ApiContext,
  type ApiEnv,
  publicFor,
  readInput,
  requireApiUser,
} from "#server/http/context";
import { badRequest, notFound } from "#server/lib/errors";
import { rightFirst } from "#server/http/team/right-first";

/** /api/v1/event calls of SPEC §7 for hosting: create steps, content, details. */
export function eventRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/details/:eventNumber", async (c) => {
    const [deps, user, n] = [c.get("deps"), c.get("user"), c.req.param("eventNumber")];
    const event = await getEventDetails(deps, n, user);
    // Signed in, the event says whether the viewer saved it (the Save toggle, SPEC-2 §3). A
    // visitor's answer is everybody's: shared caches may keep it as a public page is kept.
    if (user) return c.json({ ...event, saved: await isSaved(deps, user.id, n) });
    return c.json(event, 200, publicFor(c));
  });

  routes.get("/content", (c) => {
    const type = c.req.query("type");
    if (!isEventType(type))
      throw badRequest(`Event Type is required (one of: ${EVENT_TYPES.join(", ")})`);
    return c.json({ eventType: type, aboutEvent: defaultAbout(type) });
  });

  routes.post("/create/:eventNumber/step1", async (c) => {
    const user = requireApiUser(c);
    return c.json(
      await saveStep1(c.get("deps"), user, c.req.param("eventNumber"), await readInput(c)),
    );
  });

  routes.post("/create/:eventNumber/step2", rightFirst("event.edit"), async (c) => {
    const user = requireApiUser(c);
    return c.json(
      await saveStep2(c.get("deps"), user, c.req.param("eventNumber"), await readInput(c)),
    );
  });

  // SPEC §7 publishes with a GET; app.ts refuses it when another site triggers it (security.ts).
  const activate = async (c: ApiContext) => {
    const user = requireApiUser(c);
    return c.json(await publishEvent(c.get("deps"), user, c.req.param("eventNumber")!));
  };
  routes.get("/create/:eventNumber/step3/activateEvent", activate);
  routes.post("/create/:eventNumber/step3/activateEvent", activate);

  routes.post("/create/:eventNumber/step3/:section", rightFirst("event.edit"), async (c) => {
    const user = requireApiUser(c);
    const section = step3SectionByEndpoint(c.req.param("section"));
    if (!section) throw notFound();
    return c.json(
      await saveStep3(c.get("deps"), user, c.req.param("eventNumber"), section, await readInput(c)),
    );
  });

  return routes;
}
