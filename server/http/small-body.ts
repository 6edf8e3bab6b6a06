import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A small JSON body sent to /api/ is read in full before the request reaches Hono, and handed to
 * the API as bytes (`smallJsonBody`, then `readJson`): a quiz answer or a scan is a few dozen bytes,
 * and reading it through a web `Request` (built for it, with an abort signal and a stream adapted
 * from Node's) cost more of the server than the answer's statement (decision 041). Anything else
 * (a form, a file, a body of unknown length) streams in as before.
 */
export const SMALL_JSON_BYTES = 64 * 1024;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `@hono/node-server` builds a request's body from `incoming.rawBody` when it is a Buffer, instead
 * of adapting the stream: whatever still asks for the body gets these same bytes.
 */
type WithRawBody = IncomingMessage & { rawBody?: Buffer };

/** The methods that send a body. */
export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function isSmallJson(req: IncomingMessage): boolean {
  if (!WRITE_METHODS.has(req.method ?? "") || !req.url?.startsWith("/api/")) return false;
  if (req.headers["transfer-encoding"]) return false;
  const length = Number(req.headers["content-length"]);
  if (!Number.isInteger(length) || length <= 0 || length > SMALL_JSON_BYTES) return false;
  return /^application\/json/i.test(req.headers["content-type"] ?? "");
}

/** Starts `listener` once a small JSON body is in (at once for every other request). */
export function readSmallJsonFirst(listener: Listener): Listener {
  return (req, res) => {
    if (!isSmallJson(req)) return listener(req, res);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      (req as WithRawBody).rawBody = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      listener(req, res);
    });
    // A client gone before its body was in has nobody to answer.
    req.on("error", () => res.destroy());
  };
}

/** The body `readSmallJsonFirst` read, if it did. */
export function smallJsonBody(incoming: IncomingMessage | undefined): Buffer | undefined {
  const body = (incoming as WithRawBody | undefined)?.rawBody;
  return body instanceof Buffer ? body : undefined;
}
