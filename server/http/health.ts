import { Hono } from "hono";
import { pingDb } from "#server/db/connect";
import type { ApiEnv } from "./context";

export function healthRoutes() {
  return new Hono<ApiEnv>().get("/health", async (c) => {
    try {
      await pingDb(c.get("deps").db);
      return c.json({ status: "ok", database: "ok" });
    } catch {
      return c.json({ status: "error", database: "unavailable" }, 503, { "Retry-After": "5" });
    }
  });
}
