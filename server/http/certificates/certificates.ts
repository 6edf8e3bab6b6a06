import { Hono } from "hono";
import { CERTIFICATE_MESSAGES as M } from "#server/contracts/certificate";
import { notFound } from "#server/lib/errors";
import {
  issueCertificates,
  pendingCertificates,
} from "#server/services/certificates/certificate-issue";
import { getCertificatePdf } from "#server/services/certificates/certificate-pdf";
import {
  getCertificate,
  listEventCertificates,
  listMyCertificates,
  revokeCertificate,
} from "#server/services/certificates/certificates";
import { type ApiEnv, readInput, requireApiUser } from "#server/http/context";
import { rightFirst } from "#server/http/team/right-first";

/** Certificates (SPEC-2 §5): issuing and revoking for the creator, reading for everyone. */
export function certificateRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/event/:eventNumber/certificates", rightFirst("organise"), async (c) => {
    const user = requireApiUser(c);
    const input = await readInput(c);
    return c.json(await issueCertificates(c.get("deps"), user, c.req.param("eventNumber"), input));
  });

  // The organiser's list, for the certificates section of /my/event/{n}.
  routes.get("/event/:eventNumber/certificates", async (c) => {
    const user = requireApiUser(c);
    return c.json(await listEventCertificates(c.get("deps"), user, c.req.param("eventNumber")));
  });

  // Not in SPEC-2's table: how many people issuing a kind would mail, for the web's confirmation.
  routes.get("/event/:eventNumber/certificates/pending", async (c) => {
    const user = requireApiUser(c);
    const input = { kind: c.req.query("kind") };
    return c.json(
      await pendingCertificates(c.get("deps"), user, c.req.param("eventNumber"), input),
    );
  });

  routes.post("/event/:eventNumber/certificates/:id/revoke", rightFirst("organise"), async (c) => {
    const user = requireApiUser(c);
    const { eventNumber, id } = c.req.param();
    return c.json(await revokeCertificate(c.get("deps"), user, eventNumber, id));
  });

  routes.get("/my/certificates", async (c) => {
    const user = requireApiUser(c);
    return c.json(await listMyCertificates(c.get("deps"), user));
  });

  // `/certificates/{id}` is the JSON, `/certificates/{id}.pdf` the document.
  routes.get("/certificates/:file", async (c) => {
    const file = c.req.param("file");
    const deps = c.get("deps");
    if (!file.endsWith(".pdf")) return c.json(await getCertificate(deps, file));
    const id = file.slice(0, -".pdf".length);
    if (!id) throw notFound(M.notFound);
    const pdf = await getCertificatePdf(deps, id);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="certificate-${id}.pdf"`,
      // Revoking must show at once: caches ask again every time.
      "Cache-Control": "private, no-cache",
    });
  });

  return routes;
}
