import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { ViewCounter } from "#server/services/organiser/view-counter";

/**
 * A few seconds of memory for public HTML pages, so a popular page is rendered once per
 * interval rather than once per visitor, and each hit is bytes ready to send.
 *
 * Only anonymous requests take part (no Cookie, no Authorization: no session, no toast), and only
 * successful HTML answers that set no cookie and say nothing of private/no-store are kept.
 * A kept page carries no nonce: its inline scripts are allowed by their sha256 in its CSP
 * (`scriptSources`), which is as strict (only these exact scripts run) and the same for every
 * visitor, so its gzip and brotli forms are computed once, when it is kept. Hits are answered
 * straight on the node socket (`serve`), with an ETag; `If-None-Match` gets a 304.
 *
 * A page is never served more than `ttlMs` after its render began, so a change made through any
 * process shows within that time. In the last fifth of it, the next request renders the page
 * afresh while the others keep getting the kept bytes: a popular page is never rendered 32 times
 * at once.
 */
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

type Headers = Record<string, string>;
interface Entry {
  /** identity, gzip and br bodies with the headers that go with each. */
  forms: Record<"identity" | "gzip" | "br", { body: Buffer; headers: Headers; raw: string[] }>;
  notModified: Headers;
  notModifiedRaw: string[];
  etag: string;
  /** Served as it is until then; after, one request renders it afresh. */
  expires: number;
  /** Never served after this: `ttlMs` after its render began. */
  staleUntil: number;
  refreshing: boolean;
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

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP sources allowing exactly the inline scripts of `html` ('sha256-…' each). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, text] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
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

  /** The kept entry for this key, fresh or (while another request renders it) still usable. */
  function lookup(k: string | null): Entry | null {
    const hit = k ? entries.get(k) : undefined;
    if (!hit) return null;
    const t = now();
    if (hit.expires > t) return hit;
    if (hit.refreshing && hit.staleUntil > t) return hit;
    if (hit.staleUntil <= t) entries.delete(k!);
    else hit.refreshing = true; // this request renders it afresh; the others keep the bytes
    return null;
  }

  function accepts(acceptEncoding: string, encoding: string): boolean {
    for (const part of acceptEncoding.split(",")) {
      const [name, ...params] = part.split(";");
      if (name.trim().toLowerCase() !== encoding) continue;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return !q || Number(q.slice(2)) > 0;
    }
    return false;
  }

  function encodingFor(acceptEncoding: string | undefined): "identity" | "gzip" | "br" {
    if (!acceptEncoding) return "identity";
    if (accepts(acceptEncoding, "br")) return "br";
    if (accepts(acceptEncoding, "gzip")) return "gzip";
    return "identity";
  }

  function notModified(entry: Entry, ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch
      .split(",")
      .some((t) => t.trim().replace(/^W\//, "") === entry.etag || t.trim() === "*");
  }

  return {
    /** Answers a kept page on the node socket; false when this request is not a hit. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
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
      const entry = lookup(k);
      if (!entry) return false;
      options.onHit?.(pathOf(k!), req);
      if (notModified(entry, req.headers["if-none-match"] as string | undefined)) {
        res.writeHead(304, entry.notModifiedRaw);
        res.end();
        return true;
      }
      const form = entry.forms[encodingFor(req.headers["accept-encoding"] as string | undefined)];
      // Headers as a flat [name, value, …] list built when the page was kept.
      res.writeHead(200, form.raw);
      res.end(form.body);
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
        return response;
      }
      const html = await response.text();
      const kept = keep(k, response.headers, html, nonce, renderedFrom)
        .catch(() => void entries.delete(k))
        .finally(() => pending.delete(kept));
      pending.add(kept);
      return new Response(html, { status: response.status, headers: response.headers });
    },

    size: () => entries.size,
    /** Resolves once every page being kept is ready to serve. */
    idle: async () => {
      await Promise.all(pending);
    },
  };

  async function keep(
    k: string,
    from: globalThis.Headers,
    html: string,
    nonce: string,
    renderedFrom: number,
  ) {
    const shared = html.replaceAll(` nonce="${nonce}"`, "");
    const identity = Buffer.from(shared, "utf8");
    const [gz, br] = await Promise.all([
      gzipAsync(identity, { level: 9 }),
      brotliAsync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ]);
    const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    const base: Headers = {};
    for (const [name, value] of from) {
      if (name !== "content-length" && name !== "content-encoding") base[name] = value;
    }
    Object.assign(base, options.securityHeaders?.(inlineScriptHashes(shared)) ?? {}, {
      etag,
      vary: "Accept-Encoding",
      "x-page-cache": "hit",
    });
    const form = (body: Buffer, encoding?: string) => {
      const headers: Headers = {
        ...base,
        ...(encoding ? { "content-encoding": encoding } : {}),
        "content-length": String(body.length),
      };
      return { body, headers, raw: Object.entries(headers).flat() };
    };
    const { "content-type": _type, ...notModifiedHeaders } = base;
    entries.delete(k);
    entries.set(k, {
      forms: { identity: form(identity), gzip: form(gz, "gzip"), br: form(br, "br") },
      notModified: notModifiedHeaders,
      notModifiedRaw: Object.entries(notModifiedHeaders).flat(),
      etag,
      expires: renderedFrom + (options.ttlMs * 4) / 5,
      staleUntil: renderedFrom + options.ttlMs,
      refreshing: false,
    });
    if (entries.size > max) entries.delete(entries.keys().next().value!);
  }
}
