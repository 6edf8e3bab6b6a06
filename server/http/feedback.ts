import { Hono } from "hono";
import type { ApiEnv } from "./context";

/** Placeholder: filled by its issue. */
export function feedbackRoutes() {
  const routes = new Hono<ApiEnv>();
  return routes;
}
