import { Hono } from "hono";
import type { Context } from "hono";
import { type Page, parseEventQuery } from "#server/services/events/event-query";
import { searchEvents, sitemapEntries } from "#server/services/events/event-search";
import { type ApiEnv, publicFor } from "#server/http/context";

/**
 * The paging headers of a list whose body stays an array (SPEC §7): the total count, and `Link`
 * with rel next/prev built from the app's own address, never from the request's Host.
 */
export function pagingHeaders(c: Context<ApiEnv>, page: Page<unknown>): Record<string, string> {
  const { appUrl } = c.get("deps").config;
  const url = new URL(c.req.url);
  const at = (n: number) => {
    const params = new URLSearchParams(url.search);
    params.set("page", String(n));
    params.set("limit", String(page.limit));
    return `<${appUrl}${url.pathname}?${params}>`;
  };
  const links: string[] = [];
  const more =
    page.total === null || page.totalCapped
      ? page.items.length === page.limit
      : page.page * page.limit < page.total;
  if (more) links.push(`${at(page.page + 1)}; rel="next"`);
  if (page.page > 1) links.push(`${at(page.page - 1)}; rel="prev"`);
  return {
    ...(page.total === null ? {} : { "X-Total-Count": String(page.total) }),
    // A text search stops counting at the cap: the total is "at least" then.
    ...(page.totalCapped ? { "X-Total-Count-Capped": "true" } : {}),
    ...(links.length ? { Link: links.join(", ") } : {}),
    "Access-Control-Expose-Headers": "X-Total-Count, X-Total-Count-Capped, Link",
  };
}

/** /api/v1/event calls of SPEC §7 for discovery: the published list, filtered or not. */
export function eventListRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/get-all", async (c) => {
    const { page, limit } = parseEventQuery(c.req.query());
    const result = await searchEvents(c.get("deps"), { page, limit });
    return c.json(result.items, 200, { ...pagingHeaders(c, result), ...publicFor(c) });
  });

  routes.get("/find", async (c) => {
    const result = await searchEvents(c.get("deps"), parseEventQuery(c.req.query()));
    return c.json(result.items, 200, { ...pagingHeaders(c, result), ...publicFor(c) });
  });

  routes.get("/sitemap", async (c) => c.json(await sitemapEntries(c.get("deps"))));

  return routes;
}
