import { Hono } from "hono";
import {
  type ApiContext,
  type ApiEnv,
  readInput,
  readJson,
  readSearch,
  requireApiUser,
} from "#server/http/context";
import { acceptSessionUser, readSessionNow, uncheckedSessionToken } from "#server/http/session";
import type { UserRow } from "#server/db/schema";
import {
  checkInEvent,
  readScanner,
  type ScanEvent,
  scanEventOf,
} from "#server/services/check-in/access";
import {
  checkIn,
  checkInList,
  offlineCheckIn,
  syncScans,
  undoCheckIn,
} from "#server/services/check-in/check-in";
import { myTicket } from "#server/services/check-in/tickets";
import { rightFirst } from "#server/http/team/right-first";

/** Tickets and check-in (SPEC-3 §5), mounted on /event. */
export function checkInRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/:eventNumber/ticket", async (c) => {
    const user = requireApiUser(c);
    return c.json(await myTicket(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.get("/:eventNumber/check-in", async (c) => {
    const user = requireApiUser(c);
    const q = readSearch(c);
    return c.json(await checkInList(c.get("deps"), user, c.req.param("eventNumber"), q));
  });

  routes.post("/:eventNumber/check-in", rightFirst("check-in"), async (c) => {
    const { user, event } = await scanner(c);
    const input = await readInput(c);
    const answer = await checkIn(c.get("deps"), user, event, input);
    return c.json(answer.body, answer.status as 200);
  });

  routes.post("/:eventNumber/check-in/undo", rightFirst("check-in.undo"), async (c) => {
    const user = requireApiUser(c);
    const input = await readInput(c);
    return c.json(await undoCheckIn(c.get("deps"), user, c.req.param("eventNumber"), input));
  });

  routes.get("/:eventNumber/check-in/offline", async (c) => {
    const user = requireApiUser(c);
    return c.json(await offlineCheckIn(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.post("/:eventNumber/check-in/sync", rightFirst("check-in"), async (c) => {
    const user = requireApiUser(c);
    const body = await readJson(c);
    return c.json(await syncScans(c.get("deps"), user, c.req.param("eventNumber"), body));
  });

  return routes;
}

/**
 * The scanner and the event of a scan, read with the session in one statement (the middleware
 * left the lookup to this route); a token naming no live session takes the usual way.
 */
async function scanner(c: ApiContext): Promise<{ user: UserRow; event: ScanEvent }> {
  const deps = c.get("deps");
  const eventNumber = c.req.param("eventNumber") ?? "";
  const token = uncheckedSessionToken(c);
  if (token) {
    const read = await readScanner(deps, token, eventNumber);
    if (read) {
      acceptSessionUser(c, token, read.user);
      return { user: read.user, event: scanEventOf(read) };
    }
    await readSessionNow(c, token);
  }
  const user = requireApiUser(c);
  return { user, event: await checkInEvent(deps, user, eventNumber, "check-in") };
}
