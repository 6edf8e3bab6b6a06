/** SPEC-2 §5: the request to issue certificates, shared by the API and the organiser's form. */
import { CERTIFICATE_KINDS, CERTIFICATE_MESSAGES } from "./certificate";
import { z } from "./zod";

export const issueCertificatesSchema = z.object({
  kind: z.enum(CERTIFICATE_KINDS, { error: CERTIFICATE_MESSAGES.kindRequired }),
});
