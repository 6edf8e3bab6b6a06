import type { Deps } from "#server/lib/deps";
import { receiptAttachment } from "#server/services/payments/receipt-pdf";
import type { AttachmentRenderers } from "./outbox";

/**
 * Every kind of mail attachment and the service that renders it: the one registry the mail
 * worker reads (as server/jobs/handlers.ts is for jobs). A queued mail names its files by
 * reference (`Mail.attachments`); the worker renders them when it sends.
 */
export function attachmentRenderers(deps: Pick<Deps, "db" | "config">): AttachmentRenderers {
  return {
    receipt: receiptAttachment(deps),
  };
}
