import { Hono } from "hono";
import type { ApiEnv } from "./context";

/** /api/v1/event calls of SPEC §7. */
export function eventRoutes() {
  const routes = new Hono<ApiEnv>();
  return routes;
}
