import { createGzip } from "node:zlib";
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
    c.res = new Response(res.body.pipeThrough(gzipStream(level)), res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "gzip");
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  });
}

/**
 * A gzip stream that hands zlib what arrived in one turn of the event loop at once: React writes
 * a page in pieces of about 2 KB, and each piece given to zlib on its own cost more than the
 * compression itself. Nothing waits longer than the current turn, so a page still streams.
 */
function gzipStream(level: number): TransformStream<Uint8Array, Uint8Array> {
  const zip = createGzip({ level });
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const send = () => {
    scheduled = false;
    if (pending.length && !zip.destroyed)
      zip.write(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  return new TransformStream({
    start(controller) {
      zip.on("data", (bytes: Buffer) => {
        // The reader went away (a closed tab, a lost connection): the stream no longer takes
        // bytes. Throwing here would be uncaught and stop the server; stop compressing instead.
        try {
          controller.enqueue(new Uint8Array(bytes));
        } catch {
          zip.destroy();
        }
      });
      zip.on("error", (err) => controller.error(err));
    },
    transform(chunk) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(send);
      }
    },
    flush() {
      send();
      return new Promise<void>((resolve, reject) => {
        if (zip.destroyed) return resolve();
        zip.once("end", resolve);
        zip.once("close", resolve);
        zip.once("error", reject);
        zip.end();
      });
    },
  });
}
