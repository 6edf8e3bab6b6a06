import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /robots.txt: pages open to crawlers, the API not, and where the sitemap is. Signed-in pages
 * (profile, event creation, My pages, feedback) are not disallowed: without a session they answer
 * a redirect to /login, so a crawler never sees them, and a Disallow only made Lighthouse's SEO
 * audit ("is-crawlable") fail on them (issue 16).
 */
export function loader({ context }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Allow: /api/v1/files/",
    "Disallow: /api/",
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
