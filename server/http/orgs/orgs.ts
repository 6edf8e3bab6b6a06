import { Hono } from "hono";
import { newOrgSchema, orgDetailsSchema } from "#server/contracts/orgs";
import { dropEmpty } from "#server/contracts/user";
import { parseBody } from "#server/lib/errors";
import { myFollowing, myOrgs, setFollowing } from "#server/services/orgs/follows";
import { createOrg, getOrg, orgSitemapEntries, updateOrg } from "#server/services/orgs/orgs";
import { pendingKeyFor } from "#server/services/uploads/pending-uploads";
import { fileField } from "#server/services/uploads/uploads";
import { type ApiEnv, publicFor, readInput, requireApiUser } from "#server/http/context";
import { searchOrgs } from "#server/services/orgs/org-search";
import { orgAdminRoutes } from "./org-admins";
import { orgCalendarFeed, orgEvents } from "#server/services/orgs/org-events";

/** Organisations and followers (SPEC-4 §4). */
export function orgRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/orgs", async (c) => {
    const user = requireApiUser(c);
    const body = await readInput(c);
    const { logo, logoPending: _, ...fields } = body;
    const input = parseBody(newOrgSchema, dropEmpty(fields));
    // A logo kept from a refused form (`logoPending`); a new file replaces it.
    const kept = await pendingKeyFor(c.get("deps"), user, body, "logo", "logo");
    return c.json(await createOrg(c.get("deps"), user, input, fileField(logo), kept), 201);
  });

  // Not in SPEC-4's table: the organisations' pages for /sitemap.xml.
  routes.get("/orgs/sitemap", async (c) => c.json(await orgSitemapEntries(c.get("deps"))));

  // SPEC-4 §4: up to 3 organisations above the events of a text search.
  routes.get("/orgs/search", async (c) =>
    c.json(await searchOrgs(c.get("deps"), c.req.query("q")), 200, publicFor(c)),
  );

  routes.get("/org/:handle", async (c) =>
    c.json(await getOrg(c.get("deps"), c.req.param("handle"), c.get("user"))),
  );

  routes.post("/org/:handle", async (c) => {
    const user = requireApiUser(c);
    const body = await readInput(c);
    const { logo, logoPending: _, ...fields } = body;
    const input = () => parseBody(orgDetailsSchema, dropEmpty(fields));
    const kept = () => pendingKeyFor(c.get("deps"), user, body, "logo", "logo");
    const handle = c.req.param("handle");
    return c.json(await updateOrg(c.get("deps"), user, handle, input, fileField(logo), kept));
  });

  for (const [path, follow] of [
    ["follow", true],
    ["unfollow", false],
  ] as const)
    routes.post(`/org/:handle/${path}`, async (c) => {
      const user = requireApiUser(c);
      return c.json(await setFollowing(c.get("deps"), user, c.req.param("handle"), follow));
    });

  routes.get("/org/:handle/events", async (c) =>
    c.json(
      await orgEvents(c.get("deps"), c.req.param("handle"), {
        past: c.req.query("past"),
        page: c.req.query("page"),
      }),
    ),
  );

  routes.get("/org/:handle/calendar.ics", async (c) => {
    const body = await orgCalendarFeed(c.get("deps"), c.req.param("handle"));
    return c.body(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    });
  });

  orgAdminRoutes(routes);

  routes.get("/my/following", async (c) =>
    c.json(await myFollowing(c.get("deps"), requireApiUser(c))),
  );
  routes.get("/my/orgs", async (c) => c.json(await myOrgs(c.get("deps"), requireApiUser(c))));

  return routes;
}
