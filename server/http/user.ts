import { Hono } from "hono";
import type { ApiEnv } from "./context";

/** /api/v1/user calls of SPEC §7. */
export function userRoutes() {
  const routes = new Hono<ApiEnv>();
  return routes;
}
