import sharp from "sharp";
import {
  CERTIFICATE_MESSAGES as M,
  certificatePath,
  rankLabel,
} from "#server/contracts/certificate";
import { formatDateIST } from "#server/contracts/dates";
import type { CertificateRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { ApiError } from "#server/lib/errors";
import { PRODUCT } from "#server/mail/templates";
import type { CertificatePdfInput } from "#server/pdf/certificate-pdf";
import { type Priority, renderInWorker } from "#server/pdf/pool";
import { appLink } from "#server/mail/templates";
import { contentKey } from "#server/storage/storage";
import { findCertificate } from "./certificates";

type PdfDeps = Pick<Deps, "db" | "storage" | "config">;

/** The event logo as PNG for the PDF (stored logos are WebP); a missing or broken one is left out. */
async function logoPng(deps: PdfDeps, key: string | null): Promise<Uint8Array | null> {
  if (!key) return null;
  try {
    const bytes = await deps.storage.get(key);
    return bytes ? new Uint8Array(await sharp(bytes).png().toBuffer()) : null;
  } catch {
    return null;
  }
}

async function pdfInput(deps: PdfDeps, row: CertificateRow): Promise<CertificatePdfInput> {
  return {
    id: row.id,
    kind: row.kind,
    rankLabel: row.kind === "merit" ? rankLabel(row.rank) : null,
    recipientName: row.recipientName,
    eventName: row.eventName,
    organisationName: row.organisationName,
    issuedOn: formatDateIST(row.issuedAt),
    issuedAt: row.issuedAt,
    verifyUrl: appLink(deps.config.appUrl, certificatePath(row.id)),
    logo: await logoPng(deps, row.eventLogo),
    productName: PRODUCT,
  };
}

/**
 * The certificate's PDF: made once (in the worker thread), kept in storage under its content
 * hash, and served from there afterwards, by any process. Two processes making it at once both
 * store the same bytes; the last update wins and either key is good.
 */
async function pdfOf(deps: PdfDeps, row: CertificateRow, priority: Priority): Promise<Uint8Array> {
  if (row.pdfKey) {
    const stored = await deps.storage.get(row.pdfKey);
    if (stored) return stored;
  }
  const pdf = await renderInWorker(await pdfInput(deps, row), priority);
  const key = contentKey(pdf, "pdf");
  await deps.storage.put(key, pdf);
  await deps.db.updateTable("certificates").set({ pdfKey: key }).where("id", "=", row.id).execute();
  return pdf;
}

/** GET /certificates/{id}.pdf: 404 when unknown, 410 when revoked. */
export async function getCertificatePdf(deps: PdfDeps, id: string): Promise<Uint8Array> {
  const row = await findCertificate(deps, id);
  if (row.revokedAt) throw new ApiError(410, M.revoked);
  return pdfOf(deps, row, "now");
}

const running = new Set<Promise<void>>();

/**
 * After issuing, the PDFs are made in the background, one after another in the worker, so a
 * recipient who opens theirs finds it ready. Failures are left for the next request to retry.
 */
export function pregenerateCertificatePdfs(deps: PdfDeps, ids: string[]): void {
  if (ids.length === 0) return;
  const work = (async () => {
    for (const id of ids) {
      try {
        const row = await findCertificate(deps, id);
        if (!row.pdfKey && !row.revokedAt) await pdfOf(deps, row, "later");
      } catch (err) {
        console.error(`[certificates] could not pre-generate ${id}:`, (err as Error).message);
        return;
      }
    }
  })();
  running.add(work);
  void work.finally(() => running.delete(work));
}

/** Resolves when every background generation started so far has ended (tests, benchmarks). */
export async function certificatePdfsSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
