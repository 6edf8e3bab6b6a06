import { Hono } from "hono";
import type { ApiEnv } from "./context";

/** /api/v1/my calls of SPEC §7. */
export function myRoutes() {
  const routes = new Hono<ApiEnv>();
  return routes;
}
