import { Duplex } from "node:stream";
import { constants, createGzip } from "node:zlib";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX as COMPRESSIBLE } from "hono/compress";
import { createMiddleware } from "hono/factory";

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** gzip accepted, and not with q=0. */
const ACCEPTS_GZIP =
  /(?:^|,)\s*(?:gzip|\*)\s*(?:;\s*q\s*=\s*(?!0(?:\.0*)?\s*(?:,|$))[\d.]+\s*)?(?:,|$)/i;

/**
 * gzip of the responses made per request (pages rendered for a signed-in visitor, assets, API
 * answers), as Hono's `compress({ encoding: "gzip" })` did but at level 3 instead of zlib's
 * default 6: on this app's pages (30–55 KB of HTML) level 3 costs a third of the CPU for about 8%
 * more bytes (docs/BENCHMARKS.md, issue 16 §4). A kept public page brings its own compressed bytes.
 */
export function gzip({ threshold = 1024, level = 3 } = {}) {
  return createMiddleware(async (c, next) => {
    await next();
    const res = c.res;
    const length = res.headers.get("Content-Length");
    if (
      !res.body ||
      res.status === 206 ||
      c.req.method === "HEAD" ||
      res.headers.has("Content-Encoding") ||
      res.headers.has("Transfer-Encoding") ||
      (length && Number(length) < threshold) ||
      !COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "") ||
      NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "")
    )
      return;
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ""))
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!ACCEPTS_GZIP.test(c.req.header("Accept-Encoding") ?? "")) return;
    const zipped = Duplex.toWeb(createGzip({ level, strategy: constants.Z_DEFAULT_STRATEGY }));
    c.res = new Response(res.body.pipeThrough(zipped as TransformStream<Uint8Array>), res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "gzip");
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  });
}
