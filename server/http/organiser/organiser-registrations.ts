import { Hono } from "hono";
import { REGISTRATIONS_PAGE_SIZE } from "#server/contracts/organiser";
import { listRegistrants, registrantsCsv } from "#server/services/organiser/registrations-list";
import { type ApiEnv, readSearch, requireApiUser } from "#server/http/context";

/** GET /event/{n}/registrations: a page of registrants as JSON, or every one as CSV. */
export function registrationRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/:eventNumber/registrations", async (c) => {
    const user = requireApiUser(c);
    const eventNumber = c.req.param("eventNumber");
    const q = readSearch(c);
    if (c.req.query("format") === "csv") {
      const { stream, filename } = await registrantsCsv(c.get("deps"), user, eventNumber, q);
      return new Response(stream, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    }
    const int = (v: string | undefined, d: number) => (v && /^\d{1,5}$/.test(v) ? Number(v) : d);
    const page = Math.max(1, int(c.req.query("page"), 1));
    const limit = Math.min(100, Math.max(1, int(c.req.query("limit"), REGISTRATIONS_PAGE_SIZE)));
    return c.json(await listRegistrants(c.get("deps"), user, eventNumber, { q, page, limit }));
  });

  return routes;
}
