import type { IncomingMessage, ServerResponse } from "node:http";
import type { ViewCounter } from "#server/services/organiser/view-counter";
import { answer, type Entry, makeEntry } from "./page-cache-entry";

export { inlineScriptHashes } from "./page-cache-entry";

/**
 * A few seconds of memory for public HTML pages, so a popular page is rendered once per
 * interval rather than once per visitor, and each hit is bytes ready to send.
 *
 * Only anonymous requests take part (no Cookie, no Authorization: no session, no toast), and only
 * successful HTML answers that set no cookie and say nothing of private/no-store are kept.
 * A kept page carries no nonce: its inline scripts are allowed by their sha256 in its CSP
 * (`scriptSources`), which is as strict (only these exact scripts run) and the same for every
 * visitor, so its gzip and brotli forms are computed once, when it is kept (page-cache-entry.ts).
 * Hits are answered straight on the node socket (`serve`), with an ETag; `If-None-Match` gets a 304.
 *
 * A page is never served more than `ttlMs` after its render began, so a change made through any
 * process shows within that time. In the last fifth of it, the next request renders the page
 * afresh while the others keep getting the kept bytes; if that render is not kept by the end, the
 * requests for the page wait for it rather than each rendering the page themselves (issue 30: a
 * refresh outlasting the last fifth under load once made every visitor render, and the kept
 * pages' p99 went to a second). A page is rendered by one request at a time, then: never 32 at
 * once (a page never kept yet aside: nothing says it will be kept, so nobody waits for it).
 */
type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** One render of a kept page under way, and the requests waiting for it. */
interface Flight {
  /** Its page is being compressed (put was called): it ends when the page is kept. */
  keeping: boolean;
  waiters: [IncomingMessage, ServerResponse, Listener][];
}

const EVENT_PAGE = /^\/event\/(\d{5,9})\/?$/;

/**
 * What a hit on a cached event page does: it counts as a view, as a rendered one does in the API
 * (a cached page is always anonymous, so never its creator's; bots are left out by the counter).
 */
export function countEventPageViews(
  views: ViewCounter | undefined,
  clientIp: (req: IncomingMessage) => string,
) {
  return (pathname: string, req: IncomingMessage) => {
    const eventNumber = EVENT_PAGE.exec(pathname)?.[1];
    if (eventNumber && views)
      views.record({
        eventNumber,
        ip: clientIp(req),
        userAgent: (req.headers["user-agent"] as string | undefined) ?? null,
      });
  };
}

export function createPageCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** Security headers for a kept page, given its script sources (the hashes). */
  securityHeaders?: (scriptSources: string[]) => Record<string, string>;
  /** Called for every answer served from the cache (view counting), with the kept path. */
  onHit?: (pathname: string, req: IncomingMessage) => void;
}) {
  const entries = new Map<string, Entry>();
  const flights = new Map<string, Flight>();
  const max = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const pending = new Set<Promise<void>>();

  function key(method: string, url: string, has: (h: string) => boolean): string | null {
    if (options.ttlMs <= 0 || method !== "GET") return null;
    if (has("cookie") || has("authorization")) return null;
    const u = new URL(url, "http://x");
    if (u.pathname.startsWith("/api/") || u.pathname.endsWith(".data")) return null;
    return `${u.pathname}${u.search}`;
  }
  const pathOf = (k: string) => k.replace(/\?.*$/, "");

  /**
   * This request renders the page afresh: the others wait for it, or keep the kept bytes while
   * they may. If its answer goes out without its page being kept (an error on the way, a render
   * that may not be shared), the waiting requests are rendered each.
   */
  function takeOff(k: string, res: ServerResponse) {
    const flight: Flight = { keeping: false, waiters: [] };
    flights.set(k, flight);
    res.once("close", () => {
      if (flights.get(k) === flight && !flight.keeping) land(k);
    });
  }

  /** The render for `k` is over: its waiters get the kept page, or are rendered when there is none. */
  function land(k: string) {
    const flight = flights.get(k);
    if (!flight) return;
    flights.delete(k);
    const entry = entries.get(k);
    for (const [req, res, render] of flight.waiters) {
      if (entry && entry.staleUntil > now()) {
        options.onHit?.(pathOf(k), req);
        answer(entry, req, res);
      } else render(req, res);
    }
  }

  /** The kept entry to answer with, "wait" for the render under way, or null: render it. */
  function lookup(k: string, res: ServerResponse): Entry | "wait" | null {
    const entry = entries.get(k);
    const t = now();
    if (entry && entry.expires > t) return entry;
    const flight = flights.get(k);
    if (entry && entry.staleUntil > t) {
      if (flight) return entry; // another request renders it afresh; the others keep the bytes
    } else if (entry) {
      entries.delete(k);
      if (flight) return "wait";
    } else return flight ? "wait" : null;
    takeOff(k, res); // a page that was kept: this request renders it, the others wait
    return null;
  }

  return {
    /**
     * Answers a kept page on the node socket, or holds the request until the page being rendered
     * is kept (then answers it, or hands it to `render`); false when this request is to be
     * rendered now.
     */
    serve(req: IncomingMessage, res: ServerResponse, render: Listener): boolean {
      // The request line's target as sent is the key: no URL parsing per hit. A target written
      // differently from the kept one (dot segments, escapes) just misses and is rendered.
      const headers = req.headers;
      const k =
        options.ttlMs > 0 &&
        req.method === "GET" &&
        !("cookie" in headers) &&
        !("authorization" in headers)
          ? (req.url ?? null)
          : null;
      if (k === null) return false;
      const found = lookup(k, res);
      if (found === null) return false;
      if (found === "wait") {
        flights.get(k)!.waiters.push([req, res, render]);
        return true;
      }
      options.onHit?.(pathOf(k), req);
      answer(found, req, res);
      return true;
    },

    /**
     * Keeps `response` when it may be shared; answers the response to send (its body re-made if
     * read). The page is kept once its compressed forms are ready.
     */
    async put(
      request: Request,
      response: Response,
      nonce: string,
      /** When its render began (its data is at least this fresh); by default, now. */
      renderedFrom: number = now(),
    ): Promise<Response> {
      const k = key(request.method, request.url, (h) => request.headers.has(h));
      if (!k) return response;
      if (
        response.status !== 200 ||
        !(response.headers.get("content-type") ?? "").startsWith("text/html") ||
        response.headers.has("set-cookie") ||
        /no-store|private/.test(response.headers.get("cache-control") ?? "")
      ) {
        entries.delete(k);
        land(k);
        return response;
      }
      const flight = flights.get(k);
      if (flight?.keeping) return response; // already being kept, from a render begun earlier
      if (flight) flight.keeping = true;
      else flights.set(k, { keeping: true, waiters: [] });
      const html = await response.text();
      const kept = makeEntry({ from: response.headers, html, nonce, renderedFrom, ...options })
        .then((entry) => {
          entries.delete(k);
          entries.set(k, entry);
          if (entries.size > max) entries.delete(entries.keys().next().value!);
        })
        .catch(() => void entries.delete(k))
        .finally(() => {
          pending.delete(kept);
          land(k);
        });
      pending.add(kept);
      return new Response(html, { status: response.status, headers: response.headers });
    },

    size: () => entries.size,
    /** Resolves once every page being kept is ready to serve. */
    idle: async () => {
      await Promise.all(pending);
    },
  };
}
