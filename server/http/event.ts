import { Hono } from "hono";
import { getEventDetails } from "../services/event-read";
import type { ApiEnv } from "./context";

/** /api/v1/event calls of SPEC §7 for hosting: create steps, content, details. */
export function eventRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/details/:eventNumber", async (c) =>
    c.json(await getEventDetails(c.get("deps"), c.req.param("eventNumber"), c.get("user"))),
  );

  return routes;
}
