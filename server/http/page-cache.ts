import type { ViewCounter } from "#server/services/view-counter";

/**
 * A few seconds of memory for public HTML pages, so a popular page is rendered once per
 * interval rather than once per visitor. Only anonymous requests take part (no Cookie header:
 * no session, no toast), only successful HTML answers that set no cookie are kept, and every
 * hit gets this response's CSP nonce in place of the one it was rendered with.
 */
interface Entry {
  body: string;
  headers: [string, string][];
  nonce: string;
  expires: number;
}

const EVENT_PAGE = /^\/event\/(\d{5,9})\/?$/;

/**
 * What a hit on a cached event page does: it counts as a view, as a rendered one does in the API
 * (a cached page is always anonymous, so never its creator's; bots are left out by the counter).
 */
export function countEventPageViews(views: ViewCounter | undefined) {
  return (request: Request, clientIp: string) => {
    const eventNumber = EVENT_PAGE.exec(new URL(request.url).pathname)?.[1];
    if (eventNumber && views)
      views.record({ eventNumber, ip: clientIp, userAgent: request.headers.get("user-agent") });
  };
}

export function createPageCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** Called for every answer served from the cache (view counting). */
  onHit?: (request: Request, clientIp: string) => void;
}) {
  const entries = new Map<string, Entry>();
  const max = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;

  function key(request: Request): string | null {
    if (options.ttlMs <= 0 || request.method !== "GET") return null;
    if (request.headers.has("cookie") || request.headers.has("authorization")) return null;
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".data")) return null;
    return `${url.pathname}${url.search}`;
  }

  return {
    /** A cached answer for this request, carrying `nonce`, or null. */
    get(request: Request, nonce: string, clientIp = "unknown"): Response | null {
      const k = key(request);
      const hit = k ? entries.get(k) : undefined;
      if (!hit) return null;
      if (hit.expires <= now()) {
        entries.delete(k!);
        return null;
      }
      options.onHit?.(request, clientIp);
      const headers = new Headers(hit.headers);
      headers.set("X-Page-Cache", "hit");
      return new Response(hit.body.replaceAll(`nonce="${hit.nonce}"`, `nonce="${nonce}"`), {
        status: 200,
        headers,
      });
    },

    /** Keeps `response` when it may be shared; answers the response to send (its body re-made if read). */
    async put(request: Request, response: Response, nonce: string): Promise<Response> {
      const k = key(request);
      if (
        !k ||
        response.status !== 200 ||
        !(response.headers.get("content-type") ?? "").startsWith("text/html") ||
        response.headers.has("set-cookie") ||
        /no-store|private/.test(response.headers.get("cache-control") ?? "")
      ) {
        return response;
      }
      const body = await response.text();
      const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
      entries.delete(k);
      entries.set(k, { body, headers, nonce, expires: now() + options.ttlMs });
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      return new Response(body, { status: response.status, headers: response.headers });
    },

    size: () => entries.size,
  };
}
