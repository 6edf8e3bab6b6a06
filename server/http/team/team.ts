import { Hono } from "hono";
import { listActivity } from "#server/services/team/activity";
import {
  acceptInvite,
  cancelInvite,
  inviteOrganiser,
  viewInvite,
} from "#server/services/team/invites";
import { changeRole, listTeam, removeMember } from "#server/services/team/members";
import { type ApiEnv, readInput, requireApiUser } from "#server/http/context";
import { rightFirst } from "#server/http/team/right-first";

/** SPEC-3 §1: the organising team, its invitations and its activity log. */
export function teamRoutes() {
  const routes = new Hono<ApiEnv>();
  const n = (c: { req: { param(name: "eventNumber"): string } }) => c.req.param("eventNumber");

  routes.get("/event/:eventNumber/organisers", async (c) =>
    c.json(await listTeam(c.get("deps"), c.get("user"), n(c))),
  );
  routes.post("/event/:eventNumber/organisers/invite", rightFirst("team.manage"), async (c) => {
    const user = requireApiUser(c);
    return c.json(await inviteOrganiser(c.get("deps"), user, n(c), await readInput(c)), 201);
  });
  routes.post("/event/:eventNumber/organisers/invites/:inviteId/cancel", async (c) =>
    c.json(await cancelInvite(c.get("deps"), requireApiUser(c), n(c), c.req.param("inviteId"))),
  );
  routes.post("/event/:eventNumber/organisers/:memberId", rightFirst("team.manage"), async (c) => {
    const user = requireApiUser(c);
    const body = await readInput(c);
    return c.json(await changeRole(c.get("deps"), user, n(c), c.req.param("memberId"), body));
  });
  routes.post("/event/:eventNumber/organisers/:memberId/remove", async (c) =>
    c.json(await removeMember(c.get("deps"), requireApiUser(c), n(c), c.req.param("memberId"))),
  );
  routes.get("/event/:eventNumber/activity", async (c) =>
    c.json(await listActivity(c.get("deps"), c.get("user"), n(c), c.req.query("before"))),
  );

  routes.get("/organiser-invite/:token", async (c) =>
    c.json(await viewInvite(c.get("deps"), c.req.param("token"))),
  );
  routes.post("/organiser-invite/:token/accept", async (c) =>
    c.json(await acceptInvite(c.get("deps"), requireApiUser(c), c.req.param("token"))),
  );

  return routes;
}
