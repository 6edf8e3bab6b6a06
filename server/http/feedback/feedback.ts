import { Hono } from "hono";
import { feedbackSchema } from "#server/contracts/feedback";
import { saveFeedback } from "#server/services/feedback/feedback";
import { parseBody } from "#server/lib/errors";
import { type ApiEnv, readInput, requireApiUser } from "#server/http/context";

/** POST /api/v1/feedback: the native feedback form, JSON or form-encoded, signed in. */
export function feedbackRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/", async (c) => {
    const user = requireApiUser(c);
    const input = parseBody(feedbackSchema, await readInput(c));
    const saved = await saveFeedback(c.get("deps"), user.id, input);
    return c.json({ message: "Thank you for your feedback", id: saved.id }, 201);
  });

  return routes;
}
