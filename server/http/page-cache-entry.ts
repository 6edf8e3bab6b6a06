import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli quality of a kept page. 11 (zlib's default) took 180–310 ms of a core per page on the
 * event, home and search pages (28–53 KB of HTML) and made a page's refresh outlast its last
 * fifth under load, so every visitor rendered it (docs/BENCHMARKS.md, issue 30); 5 takes 4–7 ms
 * for 8–11 % more bytes (5.6 KB instead of 5.1 KB for the home page).
 */
export const KEPT_BROTLI_QUALITY = 5;

type Headers = Record<string, string>;
/** A kept page: its bytes in each encoding, with the headers built once for each. */
export interface Entry {
  /** identity, gzip and br bodies with the headers that go with each. */
  forms: Record<"identity" | "gzip" | "br", { body: Buffer; headers: Headers; raw: string[] }>;
  notModified: Headers;
  notModifiedRaw: string[];
  etag: string;
  /** Served as it is until then; after, one request renders it afresh. */
  expires: number;
  /** Never served after this: `ttlMs` after its render began. */
  staleUntil: number;
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

/** The entry for a rendered page: its nonce taken out, compressed, its headers built. */
export async function makeEntry(o: {
  from: globalThis.Headers;
  html: string;
  nonce: string;
  renderedFrom: number;
  ttlMs: number;
  securityHeaders?: (scriptSources: string[]) => Record<string, string>;
}): Promise<Entry> {
  const shared = o.html.replaceAll(` nonce="${o.nonce}"`, "");
  const identity = Buffer.from(shared, "utf8");
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const base: Headers = {};
  for (const [name, value] of o.from) {
    if (name !== "content-length" && name !== "content-encoding") base[name] = value;
  }
  Object.assign(base, o.securityHeaders?.(inlineScriptHashes(shared)) ?? {}, {
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
  return {
    forms: { identity: form(identity), gzip: form(gz, "gzip"), br: form(br, "br") },
    notModified: notModifiedHeaders,
    notModifiedRaw: Object.entries(notModifiedHeaders).flat(),
    etag,
    expires: o.renderedFrom + (o.ttlMs * 4) / 5,
    staleUntil: o.renderedFrom + o.ttlMs,
  };
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

/** Writes `entry` as the answer to `req`: 304 to a matching If-None-Match, else its best form. */
export function answer(entry: Entry, req: IncomingMessage, res: ServerResponse): void {
  if (notModified(entry, req.headers["if-none-match"] as string | undefined)) {
    res.writeHead(304, entry.notModifiedRaw);
    res.end();
    return;
  }
  const form = entry.forms[encodingFor(req.headers["accept-encoding"] as string | undefined)];
  // Headers as a flat [name, value, …] list built when the page was kept.
  res.writeHead(200, form.raw);
  res.end(form.body);
}
