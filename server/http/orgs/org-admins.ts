import type { Hono } from "hono";
import {
  acceptOrgInvite,
  handOverOrg,
  inviteOrgAdmin,
  pendingOrgInvites,
  removeOrgAdmin,
  viewOrgInvite,
} from "#server/services/orgs/org-admins";
import {
  askVerification,
  confirmVerification,
  viewVerification,
} from "#server/services/orgs/org-verify";
import { type ApiEnv, readInput, requireApiUser } from "#server/http/context";

/**
 * An organisation's admins and verification (SPEC-4 §4). Bodies are read first and parsed by
 * the service after the permission check, so a refused caller's bad body answers 403, not 400.
 */
export function orgAdminRoutes(routes: Hono<ApiEnv>) {
  routes.post("/org/:handle/admins/invite", async (c) => {
    const user = requireApiUser(c);
    const body = await readInput(c);
    const invite = await inviteOrgAdmin(c.get("deps"), user, c.req.param("handle"), () => body);
    return c.json(invite, 201);
  });
  routes.get("/org/:handle/admins/invites", async (c) =>
    c.json(await pendingOrgInvites(c.get("deps"), requireApiUser(c), c.req.param("handle"))),
  );
  routes.post("/org/:handle/admins/:userId/remove", async (c) =>
    c.json(
      await removeOrgAdmin(
        c.get("deps"),
        requireApiUser(c),
        c.req.param("handle"),
        c.req.param("userId"),
      ),
    ),
  );
  routes.post("/org/:handle/owner", async (c) => {
    const user = requireApiUser(c);
    const body = await readInput(c);
    return c.json(await handOverOrg(c.get("deps"), user, c.req.param("handle"), () => body));
  });
  routes.get("/org-invite/:token", async (c) =>
    c.json(await viewOrgInvite(c.get("deps"), c.req.param("token"))),
  );
  routes.post("/org-invite/:token/accept", async (c) =>
    c.json(await acceptOrgInvite(c.get("deps"), requireApiUser(c), c.req.param("token"))),
  );

  routes.post("/org/:handle/verify", async (c) => {
    const user = requireApiUser(c);
    const body = await readInput(c);
    return c.json(await askVerification(c.get("deps"), user, c.req.param("handle"), () => body));
  });
  routes.get("/org-verify/:token", async (c) =>
    c.json(await viewVerification(c.get("deps"), c.req.param("token"))),
  );
  routes.post("/org-verify/:token", async (c) =>
    c.json(await confirmVerification(c.get("deps"), requireApiUser(c), c.req.param("token"))),
  );
}
