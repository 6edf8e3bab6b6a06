import { Hono } from "hono";
import type { ApiEnv } from "#server/http/context";
import { isValidKey } from "#server/storage/storage";
import { notFound } from "#server/lib/errors";
import {
  SCREENSHOT_UPLOAD,
  STATEMENT_UPLOAD,
  SUBMISSION_UPLOAD,
} from "#server/services/uploads/uploads";

/** Stored uploads, by content-hash key: immutable, never executable, brochures as attachments. */
export function fileRoutes() {
  return new Hono<ApiEnv>().get("/files/:key", async (c) => {
    const key = c.req.param("key");
    if (!isValidKey(key)) throw notFound();
    const { db, storage } = c.get("deps");
    // Submission files are served only through their submission, to those allowed (SPEC-3 §2),
    // payment screenshots only to the event's organisers and bank statements to no one (SPEC-4 §3).
    const meta = await db
      .selectFrom("uploads")
      .selectAll()
      .where("key", "=", key)
      .where("kind", "not in", [SUBMISSION_UPLOAD, SCREENSHOT_UPLOAD, STATEMENT_UPLOAD])
      .executeTakeFirst();
    const bytes = meta ? await storage.get(key) : null;
    if (!meta || !bytes) throw notFound();
    const headers: Record<string, string> = {
      "Content-Type": meta.contentType,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    };
    if (!meta.contentType.startsWith("image/")) {
      headers["Content-Disposition"] =
        `attachment; filename="${meta.kind}.${key.split(".").pop()}"`;
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
  });
}
