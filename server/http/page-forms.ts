import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { MAX_UPLOAD_BYTES, TOO_LARGE_FIELD } from "#server/contracts/constants";

/** What a page form may send in all: a file at the limit plus the text around it. */
export const PAGE_FORM_LIMIT = MAX_UPLOAD_BYTES + 512 * 1024;
/** Past this the body is not even read to the end: a plain 413 (no form sends that much). */
const HARD_LIMIT = 8 * MAX_UPLOAD_BYTES;
const MAX_TEXT_FIELD = 512 * 1024;

export class BodyTooLargeError extends Error {}

/** Counts the body while it streams and stops it past `limit`. */
function bounded(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > limit) controller.error(new BodyTooLargeError());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * A multipart page form too big for the page layer's limit, read as it streams: text fields are
 * kept, a file part over MAX_UPLOAD_BYTES stops being stored (the rest of it is read and dropped)
 * and its field is named in TOO_LARGE_FIELD. Answers a new Request the action reads as usual, so
 * the form comes back with everything typed and the size message under the file field.
 * Throws BodyTooLargeError past HARD_LIMIT or for an oversized text field.
 */
export async function withOversizedFilesDropped(request: Request): Promise<Request> {
  if (!request.body) return request;
  const streamed = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: bounded(request.body, HARD_LIMIT),
    duplex: "half",
  } as RequestInit);
  const tooLarge: string[] = [];
  const form = await unstable_parseMultipartFormData(streamed, async (part: UploadHandlerPart) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    let dropped = false;
    const limit = part.filename === undefined ? MAX_TEXT_FIELD : MAX_UPLOAD_BYTES;
    for await (const chunk of part.data) {
      size += chunk.byteLength;
      if (size > limit) dropped = true;
      if (!dropped) chunks.push(chunk);
    }
    if (part.filename === undefined) {
      if (dropped) throw new BodyTooLargeError();
      return Buffer.concat(chunks).toString("utf8");
    }
    if (dropped) {
      tooLarge.push(part.name);
      return null;
    }
    return new File([new Uint8Array(Buffer.concat(chunks))], part.filename, {
      type: part.contentType,
    });
  });
  for (const name of tooLarge) form.append(TOO_LARGE_FIELD, name);
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: form });
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
}
