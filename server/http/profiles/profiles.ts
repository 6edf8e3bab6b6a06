import { Hono } from "hono";
import { publicProfileSchema } from "#server/contracts/profiles";
import { dropEmpty } from "#server/contracts/user";
import { parseBody } from "#server/lib/errors";
import { toUserJson } from "#server/services/accounts/user-json";
import { getPublicProfile } from "#server/services/profiles/profile-record";
import { setPublicProfile } from "#server/services/profiles/public-profile";
import { type ApiEnv, readInput, requireApiUser } from "#server/http/context";

/** Public profiles (SPEC-4 §5): the setting, and the record anyone may read while it is on. */
export function profileRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/user/public-profile", async (c) => {
    const user = requireApiUser(c);
    const input = parseBody(publicProfileSchema, dropEmpty(await readInput(c)));
    return c.json(toUserJson(await setPublicProfile(c.get("deps"), user, input)));
  });

  routes.get("/u/:handle", async (c) => {
    const profile = await getPublicProfile(c.get("deps"), c.req.param("handle"));
    // Turning the profile off hides it at once: no cache, shared or private, may keep it.
    c.header("Cache-Control", "private, no-cache");
    return c.json(profile);
  });

  return routes;
}
