import { Hono } from "hono";
import { toUserJson } from "../services/user-json";
import { type ApiEnv, requireApiUser } from "./context";

/** /api/v1/user calls of SPEC §7. */
export function userRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/profile", (c) => c.json(toUserJson(requireApiUser(c))));

  return routes;
}
