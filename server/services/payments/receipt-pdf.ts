/**
 * Receipts (SPEC-4 §3): the PDF of a paid payment, drawn in the PDF worker thread
 * (server/pdf/receipt-pdf.ts), for GET /event/{n}/receipt and the 'Payment received' mail, whose
 * outbox row names only the payment: the file is made when the mail is sent.
 */
import { formatDateIST } from "#server/contracts/dates";
import { rupees } from "#server/contracts/payments";
import { RECEIPT_MESSAGES as M } from "#server/contracts/receipts";
import type { PaymentRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound } from "#server/lib/errors";
import type { AttachmentRenderer, RenderedAttachment } from "#server/mail/outbox";
import { appLink, PRODUCT } from "#server/mail/templates";
import { type Priority, renderPdfInWorker } from "#server/pdf/pool";
import type { ReceiptPdfInput } from "#server/pdf/receipt-pdf";
import { visibleEvent } from "#server/services/team/permissions";
import { amountInWords } from "./amount-words";

type ReceiptDeps = Pick<Deps, "db" | "config">;
type PaidPayment = PaymentRow & { receiptNumber: string; paidAt: string };

function isReceipted(p: PaymentRow): p is PaidPayment {
  return p.receiptNumber !== null && p.paidAt !== null;
}

/** What the receipt of a payment prints: its event and payer read now, the rest as it was paid. */
export async function receiptInput(deps: ReceiptDeps, p: PaidPayment): Promise<ReceiptPdfInput> {
  const event = await deps.db
    .selectFrom("events")
    .select(["eventNumber", "eventName", "organisationName", "gstin", "refundPolicy"])
    .where("id", "=", p.eventId)
    .executeTakeFirstOrThrow();
  const payer = await deps.db
    .selectFrom("users")
    .select(["firstName", "lastName"])
    .where("id", "=", p.userId)
    .executeTakeFirstOrThrow();
  return {
    receiptNumber: p.receiptNumber,
    paidOn: formatDateIST(p.paidAt),
    paidAt: p.paidAt,
    payerName: [payer.firstName, payer.lastName].filter(Boolean).join(" "),
    eventName: event.eventName ?? `Event ${event.eventNumber}`,
    organisationName: event.organisationName || null,
    amount: rupees(p.amount),
    amountInWords: amountInWords(p.amount),
    payeeName: p.payeeName,
    upiId: p.upiId,
    utr: p.utr,
    reference: p.reference,
    gstin: event.gstin || null,
    refundPolicy: event.refundPolicy || null,
    eventUrl: appLink(deps.config.appUrl, `/event/${event.eventNumber}`),
    productName: PRODUCT,
  };
}

/** The receipt as a file: "now" for someone downloading it, "later" for the mail worker. */
async function receiptFile(
  deps: ReceiptDeps,
  p: PaidPayment,
  priority: Priority,
): Promise<RenderedAttachment> {
  const input = await receiptInput(deps, p);
  return {
    filename: `receipt-${p.receiptNumber}.pdf`,
    contentType: "application/pdf",
    content: Buffer.from(await renderPdfInWorker({ kind: "receipt", input }, priority)),
  };
}

/**
 * GET /event/{n}/receipt: the receipt of the caller's latest paid payment for the event; 404 when
 * they have none (never paid, or the payment was refunded).
 */
export async function myReceipt(
  deps: ReceiptDeps,
  user: Pick<UserRow, "id">,
  eventNumber: string,
): Promise<RenderedAttachment> {
  const event = await visibleEvent(deps, eventNumber, user);
  const payment = await deps.db
    .selectFrom("payments")
    .selectAll()
    .where("eventId", "=", event.id)
    .where("userId", "=", user.id)
    .where("status", "=", "paid")
    .where("receiptNumber", "is not", null)
    .orderBy("paidAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!payment || !isReceipted(payment)) throw notFound(M.noReceipt);
  return receiptFile(deps, payment, "now");
}

/**
 * The mail worker's renderer of `{ kind: "receipt", paymentId }`: the payment's receipt as it is
 * when the mail is sent; nothing to attach when the payment is gone or never had a receipt.
 */
export function receiptAttachment(deps: ReceiptDeps): AttachmentRenderer<"receipt"> {
  return async (ref) => {
    const payment = await deps.db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", ref.paymentId)
      .executeTakeFirst();
    // Mail is background work: its PDFs give way to requests (016).
    return payment && isReceipted(payment) ? receiptFile(deps, payment, "later") : null;
  };
}
