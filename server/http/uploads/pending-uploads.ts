import { Hono } from "hono";
import { badRequest } from "#server/lib/errors";
import {
  isPendingKind,
  keepPendingUpload,
  PENDING_FIELDS,
  PENDING_KINDS,
  PENDING_RATE_LIMIT,
} from "#server/services/uploads/pending-uploads";
import { hitRateLimit } from "#server/lib/rate-limit";
import { fileField } from "#server/services/uploads/uploads";
import { type ApiEnv, readForm, requireApiUser } from "#server/http/context";

/**
 * POST /api/v1/uploads/pending (multipart: `kind`, `file`): keeps a valid file of a refused form
 * for the signed-in user (server/services/uploads/pending-uploads.ts). 201 `{ id, fileName, kind,
 * expiresAt }`; a bad file answers the same errors as a save would, under the field of its kind.
 */
export function pendingUploadRoutes() {
  return new Hono<ApiEnv>().post("/uploads/pending", async (c) => {
    const user = requireApiUser(c);
    const form = await readForm(c);
    const kind = form.kind;
    if (!isPendingKind(kind))
      throw badRequest(`kind must be one of: ${PENDING_KINDS.join(", ")}`, {
        kind: ["Unknown kind"],
      });
    // Each call stores a file: an hour's allowance per user, as generous as any form needs.
    const { limit, windowMs } = PENDING_RATE_LIMIT;
    await hitRateLimit(c.get("deps"), `pendingUpload:${user.id}`, limit, windowMs);
    const file = fileField(form.file);
    const field = PENDING_FIELDS[kind];
    if (!file) throw badRequest("A file is required", { [field]: ["A file is required"] });
    return c.json(await keepPendingUpload(c.get("deps"), user, kind, file), 201);
  });
}
