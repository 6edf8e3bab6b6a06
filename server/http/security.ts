import { createMiddleware } from "hono/factory";
import type { Config } from "#server/config";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A mutating request from another site is refused: its Origin must be this app's, and where a
 * browser sends no Origin, Sec-Fetch-Site must not say cross-site.
 */
export function isCrossSite(request: Request, config: Pick<Config, "appUrl">): boolean {
  if (SAFE_METHODS.has(request.method)) return isForeignStateChangingGet(request, config);
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    const allowed = new Set([new URL(config.appUrl).origin, new URL(request.url).origin]);
    return !allowed.has(origin);
  }
  if (origin === "null") return true;
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site";
}

/**
 * SPEC §7 makes two GETs change state: logout and publish (activateEvent). A link or image on
 * another site must not trigger them, so they are refused when the browser says the request
 * comes from another site (Sec-Fetch-Site, or a foreign Referer where that header is missing),
 * even though SameSite=Lax cookies would ride along.
 */
const STATE_CHANGING_GETS = [
  /\/api\/v1\/user\/logout\/?$/,
  /\/api\/v1\/event\/create\/[^/]+\/step3\/activateEvent\/?$/,
];

/**
 * The path as the router sees it: Hono (and Remix) decode percent-escapes before matching, so
 * `/user/%6cogout` reaches logout. Decided on the raw path, the check would miss it.
 */
export function routedPath(url: string): string {
  return new URL(url).pathname.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

function isForeignStateChangingGet(request: Request, config: Pick<Config, "appUrl">): boolean {
  const pathname = routedPath(request.url);
  if (!STATE_CHANGING_GETS.some((re) => re.test(pathname))) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "cross-site" || site === "same-site";
  // Browsers too old to send Sec-Fetch-Site still send a Referer on a link from another page.
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return !new Set([new URL(config.appUrl).origin, new URL(request.url).origin]).has(
      new URL(referer).origin,
    );
  } catch {
    return true;
  }
}

/**
 * The client's address for rate limits. With `hops` trusted proxies in front (TRUST_PROXY), each
 * appended the address it saw to X-Forwarded-For, so the client is `hops` entries from the right
 * counting the connection's own peer: [..., client, proxy1 … proxyN-1] then the socket. Anything
 * further left was written by the client and can be anything; rotating it must not help.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string {
  const chain = [
    ...(forwardedFor ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
    peer ?? "unknown",
  ];
  return chain[Math.max(0, chain.length - 1 - hops)] ?? "unknown";
}

/** Headers every API response carries, JSON and files alike: nothing it returns may run as a page. */
export function apiSecurityHeaders(config: Pick<Config, "env">) {
  const headers: Record<string, string> = {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (config.env === "production")
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return createMiddleware(async (c, next) => {
    // Set before the handler so every response Hono builds (errors included) carries them.
    for (const [k, v] of Object.entries(headers)) c.header(k, v);
    await next();
    for (const [k, v] of Object.entries(headers))
      if (!c.res.headers.has(k)) c.res.headers.set(k, v);
  });
}
