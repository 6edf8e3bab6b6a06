import { Hono } from "hono";
import { listAnnouncements, postAnnouncement } from "#server/services/organiser/announcements";
import { audienceCounts } from "#server/services/organiser/announcement-audience";
import { deleteAnnouncement, editAnnouncement } from "#server/services/organiser/announcement-edit";
import { getInsights } from "#server/services/organiser/insights";
import { closeRegistration } from "#server/services/organiser/close-registration";
import {
  deleteEvent,
  duplicateEvent,
  unpublishEvent,
} from "#server/services/organiser/manage-event";
import { getResultsBoard } from "#server/services/organiser/results-board";
import { saveResults } from "#server/services/organiser/results";
import { getResults, saveWinners } from "#server/services/organiser/winners";
import { type ApiEnv, publicFor, readInput, requireApiUser } from "#server/http/context";
import { registrationRoutes } from "./organiser-registrations";
import { rightFirst } from "#server/http/team/right-first";

/** /api/v1/event/{n}/… calls of SPEC-2 §4: 401 signed out, 403 to anyone but the creator. */
export function organiserRoutes() {
  const routes = new Hono<ApiEnv>();
  const n = (c: { req: { param(name: "eventNumber"): string } }) => c.req.param("eventNumber");

  routes.route("/", registrationRoutes());

  routes.get("/:eventNumber/insights", async (c) =>
    c.json(await getInsights(c.get("deps"), requireApiUser(c), n(c))),
  );

  routes.post("/:eventNumber/announcements", rightFirst("organise"), async (c) => {
    const user = requireApiUser(c);
    return c.json(await postAnnouncement(c.get("deps"), user, n(c), await readInput(c)), 201);
  });
  routes.get("/:eventNumber/announcements", async (c) =>
    c.json(await listAnnouncements(c.get("deps"), n(c), c.get("user")), 200, publicFor(c)),
  );
  routes.get("/:eventNumber/announcement-audiences", async (c) =>
    c.json(await audienceCounts(c.get("deps"), requireApiUser(c), n(c))),
  );
  routes.post("/:eventNumber/announcements/:id", rightFirst("organise"), async (c) => {
    const user = requireApiUser(c);
    const body = await readInput(c);
    return c.json(await editAnnouncement(c.get("deps"), user, n(c), c.req.param("id"), body));
  });
  routes.post("/:eventNumber/announcements/:id/delete", rightFirst("organise"), async (c) =>
    c.json(await deleteAnnouncement(c.get("deps"), requireApiUser(c), n(c), c.req.param("id"))),
  );

  routes.post("/:eventNumber/rounds/:index/results", rightFirst("organise"), async (c) => {
    const user = requireApiUser(c);
    const body = await readInput(c);
    return c.json(await saveResults(c.get("deps"), user, n(c), c.req.param("index"), body));
  });
  routes.get("/:eventNumber/results", async (c) =>
    c.json(await getResults(c.get("deps"), n(c), c.get("user")), 200, publicFor(c)),
  );
  routes.get("/:eventNumber/results/board", async (c) =>
    c.json(await getResultsBoard(c.get("deps"), requireApiUser(c), n(c))),
  );
  routes.post("/:eventNumber/winners", rightFirst("organise"), async (c) => {
    const user = requireApiUser(c);
    return c.json({ winners: await saveWinners(c.get("deps"), user, n(c), await readInput(c)) });
  });

  routes.post("/:eventNumber/unpublish", async (c) =>
    c.json(await unpublishEvent(c.get("deps"), requireApiUser(c), n(c))),
  );
  routes.post("/:eventNumber/close-registration", async (c) =>
    c.json(await closeRegistration(c.get("deps"), requireApiUser(c), n(c))),
  );
  routes.post("/:eventNumber/duplicate", async (c) =>
    c.json(await duplicateEvent(c.get("deps"), requireApiUser(c), n(c)), 201),
  );
  routes.post("/:eventNumber/delete", async (c) =>
    c.json(await deleteEvent(c.get("deps"), requireApiUser(c), n(c))),
  );

  return routes;
}
