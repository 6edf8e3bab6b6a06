import { lastRegistrationDetails } from "#server/services/registration/last-details";
import { Hono } from "hono";
import {
  acceptRequest,
  declineRequest,
  pendingRequests,
  requestToJoin,
} from "#server/services/registration/join-requests";
import {
  getRegistrationState,
  myRegistrations,
  teamByCode,
} from "#server/services/registration/registration-read";
import {
  leaveRegistration,
  newTeamCode,
  removeMember,
} from "#server/services/registration/registration-team";
import { joinTeam, register } from "#server/services/registration/registrations";
import {
  postListing,
  removeListing,
  teammatesBoard,
} from "#server/services/registration/teammates";
import { withSharedFeedback } from "#server/services/judging/shared-feedback";
import { withOpenSubmissionRounds } from "#server/services/submissions/open-rounds";
import { type ApiEnv, readInput, requireApiUser } from "#server/http/context";

/** /api/v1/event/{n}/… calls of SPEC-2 §1 (registration, teams) and §2 (finding teammates). */
export function registrationRoutes() {
  const routes = new Hono<ApiEnv>();

  // `?view=1`: the event page asks, so this visit counts in insights (never the team's own). The
  // page's one call made as the viewer: the event itself it asks as a visitor, shared.
  routes.get("/:eventNumber/registration", async (c) => {
    const [deps, n] = [c.get("deps"), c.req.param("eventNumber")];
    const state = await getRegistrationState(deps, n, c.get("user"));
    if (c.req.query("view") === "1" && state.reason !== "draft" && !state.myRole)
      deps.views?.record({
        eventNumber: n,
        ip: c.get("clientIp"),
        userAgent: c.req.header("user-agent"),
      });
    return c.json(state);
  });

  routes.post("/:eventNumber/register", async (c) => {
    const user = requireApiUser(c);
    return c.json(
      await register(c.get("deps"), user, c.req.param("eventNumber"), await readInput(c)),
      201,
    );
  });

  routes.post("/:eventNumber/team/join", async (c) => {
    const user = requireApiUser(c);
    return c.json(
      await joinTeam(c.get("deps"), user, c.req.param("eventNumber"), await readInput(c)),
    );
  });

  // Not in SPEC-2's table: the join page shows the team a code (an invite link) opens.
  routes.get("/:eventNumber/team/preview", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n } = c.req.param();
    return c.json(await teamByCode(c.get("deps"), user, n, c.req.query("code")));
  });

  routes.post("/:eventNumber/team/leave", async (c) => {
    const user = requireApiUser(c);
    return c.json(await leaveRegistration(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.post("/:eventNumber/unregister", async (c) => {
    const user = requireApiUser(c);
    return c.json(await leaveRegistration(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.post("/:eventNumber/team/remove", async (c) => {
    const user = requireApiUser(c);
    return c.json(
      await removeMember(c.get("deps"), user, c.req.param("eventNumber"), await readInput(c)),
    );
  });

  routes.post("/:eventNumber/team/code", async (c) => {
    const user = requireApiUser(c);
    return c.json(await newTeamCode(c.get("deps"), user, c.req.param("eventNumber")));
  });

  // Finding teammates (§2).
  routes.get("/:eventNumber/teammates", async (c) => {
    const user = requireApiUser(c);
    return c.json(await teammatesBoard(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.post("/:eventNumber/teammates", async (c) => {
    const user = requireApiUser(c);
    return c.json(
      await postListing(c.get("deps"), user, c.req.param("eventNumber"), await readInput(c)),
    );
  });

  routes.post("/:eventNumber/teammates/remove", async (c) => {
    const user = requireApiUser(c);
    return c.json(await removeListing(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.get("/:eventNumber/team/requests", async (c) => {
    const user = requireApiUser(c);
    return c.json(await pendingRequests(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.post("/:eventNumber/team/requests/:requestId/accept", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, requestId } = c.req.param();
    return c.json(await acceptRequest(c.get("deps"), user, n, requestId));
  });

  routes.post("/:eventNumber/team/requests/:requestId/decline", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, requestId } = c.req.param();
    return c.json(await declineRequest(c.get("deps"), user, n, requestId));
  });

  routes.post("/:eventNumber/team/:teamId/requests", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, teamId } = c.req.param();
    return c.json(await requestToJoin(c.get("deps"), user, n, teamId, await readInput(c)), 201);
  });

  return routes;
}

/** /api/v1/my/registrations (SPEC-2 §1) and /my/registration-details (issue 45). */
export function myRegistrationRoutes() {
  const routes = new Hono<ApiEnv>();
  routes.get("/registrations", async (c) => {
    const user = requireApiUser(c);
    const deps = c.get("deps");
    // SPEC-3 §2: each item says, per open submission round, whether it has a submission.
    // SPEC-3 §3: and, per round whose judging closed sharing feedback, its mean and comments.
    const items = await withOpenSubmissionRounds(deps, await myRegistrations(deps, user));
    return c.json(await withSharedFeedback(deps, items));
  });
  routes.get("/registration-details", async (c) =>
    c.json(await lastRegistrationDetails(c.get("deps"), requireApiUser(c))),
  );
  return routes;
}
