import type { LoaderFunctionArgs } from "@remix-run/node";
import { callApi } from "#app/utils/api.server";

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/** /sitemap.xml: the public pages, every published event and every organisation. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const appUrl = context.config.appUrl;
  const [res, orgs] = await Promise.all([
    callApi<{ eventNumber: string; updatedAt: string }[]>(request, context, "/event/sitemap"),
    callApi<{ handle: string; updatedAt: string }[]>(request, context, "/orgs/sitemap"),
  ]);
  if (!res.ok || !orgs.ok)
    return new Response("Sitemap unavailable", { status: 503, headers: { "Retry-After": "60" } });
  const urls = [
    { loc: `${appUrl}/`, lastmod: null as string | null },
    { loc: `${appUrl}/event/search`, lastmod: null },
    ...res.data.map((e) => ({ loc: `${appUrl}/event/${e.eventNumber}`, lastmod: e.updatedAt })),
    // Organisations' pages (SPEC-4 §4).
    ...orgs.data.map((o) => ({ loc: `${appUrl}/org/${o.handle}`, lastmod: o.updatedAt })),
  ];
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls.map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ""}</url>`,
    ),
    `</urlset>`,
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
