import type { LoaderFunctionArgs } from "@remix-run/node";

/** /robots.txt: public pages open to crawlers, private and API paths not, and where the sitemap is. */
export function loader({ context }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/v1/files/",
    "Disallow: /api/",
    "Disallow: /event/create/",
    "Disallow: /profile",
    "Disallow: /my/",
    "Disallow: /feedback",
    "",
    `Sitemap: ${context.config.appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
