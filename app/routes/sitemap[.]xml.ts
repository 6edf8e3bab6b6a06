import type { LoaderFunctionArgs } from "@remix-run/node";
import { callApi } from "#app/utils/api.server";

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/** /sitemap.xml: the public pages and every published event. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const appUrl = context.config.appUrl;
  const res = await callApi<{ eventNumber: string; updatedAt: string }[]>(
    request,
    context,
    "/event/sitemap",
  );
  if (!res.ok)
    return new Response("Sitemap unavailable", { status: 503, headers: { "Retry-After": "60" } });
  const urls = [
    { loc: `${appUrl}/`, lastmod: null as string | null },
    { loc: `${appUrl}/event/search`, lastmod: null },
    ...res.data.map((e) => ({ loc: `${appUrl}/event/${e.eventNumber}`, lastmod: e.updatedAt })),
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
