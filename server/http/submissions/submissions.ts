import { Hono } from "hono";
import { type ApiEnv, readInput, readSearch, requireApiUser } from "#server/http/context";
import {
  listSubmissions,
  mySubmission,
  submissionFile,
} from "#server/services/submissions/submission-read";
import { saveSubmission } from "#server/services/submissions/submission-save";
import { submissionsZip } from "#server/services/submissions/submissions-zip";

/** /api/v1/event/{n}/rounds/{i}/… calls of SPEC-3 §2 (submissions), and a submission's file. */
export function submissionRoutes() {
  const routes = new Hono<ApiEnv>();
  const base = "/:eventNumber/rounds/:index";

  routes.get(`${base}/submission`, async (c) => {
    const user = requireApiUser(c);
    const { eventNumber, index } = c.req.param();
    return c.json(await mySubmission(c.get("deps"), user, eventNumber, index));
  });

  routes.post(`${base}/submission`, async (c) => {
    const user = requireApiUser(c);
    const { eventNumber, index } = c.req.param();
    const saved = await saveSubmission(c.get("deps"), user, eventNumber, index, await readInput(c));
    return c.json(saved.submission, saved.created ? 201 : 200);
  });

  routes.get(`${base}/submissions`, async (c) => {
    const user = requireApiUser(c);
    const { eventNumber, index } = c.req.param();
    return c.json(await listSubmissions(c.get("deps"), user, eventNumber, index, readSearch(c)));
  });

  routes.get(`${base}/submissions.zip`, async (c) => {
    const user = requireApiUser(c);
    const { eventNumber, index } = c.req.param();
    const { stream, filename } = await submissionsZip(c.get("deps"), user, eventNumber, index);
    return new Response(stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });

  // Not in SPEC-3's table: a submission's `file.url`, 404 to anyone not allowed to see it.
  routes.get(`${base}/submissions/:submissionId/file`, async (c) => {
    const { eventNumber, index, submissionId } = c.req.param();
    const file = await submissionFile(
      c.get("deps"),
      c.get("user"),
      eventNumber,
      index,
      submissionId,
    );
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${encodeURIComponent(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
    });
  });

  return routes;
}
