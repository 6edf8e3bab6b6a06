/**
 * Confirming payments, refunds and the bank-statement import (SPEC-4 §3): requests, answers and
 * the spec's messages to the letter. Paths below /api/v1:
 *
 * - GET  /event/{n}/payments?status=&q=                 → PaymentsListData (owner/admin)
 * - GET  /event/{n}/payments.csv                        → text/csv of every payment
 * - GET  /event/{n}/payments/{paymentId}/screenshot     → the payer's screenshot (owner/admin)
 * - POST /event/{n}/payments/{paymentId}/confirm        → OrganiserPaymentData
 * - POST /event/{n}/payments/{paymentId}/reject         `reason` → OrganiserPaymentData
 * - POST /event/{n}/payments/{paymentId}/refund         `refundUtr?`, `note?` → OrganiserPaymentData
 * - POST /event/{n}/payments/import/preview             multipart `file` → ImportPreviewData
 * - POST /event/{n}/payments/import                     multipart `file` (or `fileKey` from the
 *        preview), `dateColumn`, `amountColumn`, `narrationColumn`, `referenceColumn?` → ImportResultData
 * - GET  /event/{n}/payments/lines?kind=unmatched|mismatched → StatementLineData[] (lines kept to assign)
 * - POST /event/{n}/payments/lines/{lineId}/assign      `paymentId` → OrganiserPaymentData
 * - POST /event/{n}/cancel-paid                         `refundUpiId?` → MyPaymentData (the payer)
 */
import type { PaymentData } from "./payments";
import { PAYMENT_STATUSES } from "./payment-statuses";
import { z } from "./zod";

export const CONFIRM_MESSAGES = {
  reasonRequired: "Give a reason",
  reasonTooLong: "Maximum 200 characters",
  paymentNotFound: "Payment not found",
  lineNotFound: "Statement line not found",
  // Not quoted by the spec: refusals it implies.
  expired: "This payment has expired: its place was released",
  wasRejected: "This payment was rejected",
  cannotReject: "Only a pending or claimed payment can be rejected",
  cannotRefund: "Only a paid or claimed payment can be refunded",
  alreadyRefunded: "This payment was already refunded",
  amountMismatch: (line: number, payment: number) =>
    `This line is for ₹${line.toLocaleString("en-IN")}, the payment for ₹${payment.toLocaleString("en-IN")}`,
  lineAlreadyUsed: "This line was already matched to a payment",
  cannotAssign: "Only a pending, claimed or expired payment can be assigned",
  notPaid: "You have no paid place to cancel",
  closed: "Registration is closed",
  upiInvalid: "Invalid UPI ID",
  refundUtrInvalid: "Enter the 12-digit UTR of the refund",
  noteTooLong: "Maximum 200 characters",
  fileKeyInvalid: "Upload the file again",
} as const;
const M = CONFIRM_MESSAGES;

export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

/** GET /event/{n}/payments?status=&q= (the statuses in a module of their own: pages show them without Zod). */
export { PAYMENT_STATUSES };

export const paymentsQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
});

/** POST /event/{n}/payments/{paymentId}/reject */
export const rejectSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, M.reasonRequired)
    .max(200, M.reasonTooLong),
});

/**
 * POST /event/{n}/payments/{paymentId}/refund: with `refundUtr` the payment is "refunded" at once
 * ('Mark refunded' on a refund-due one); without it, "refund-due".
 */
export const refundSchema = z.object({
  refundUtr: z
    .string({ error: M.refundUtrInvalid })
    .trim()
    .regex(/^\d{12}$/, M.refundUtrInvalid)
    .optional(),
  note: z.string().trim().max(200, M.noteTooLong).optional(),
});

/** POST /event/{n}/cancel-paid: the payer's own UPI ID for the refund, if they give one. */
export const cancelPaidSchema = z.object({
  refundUpiId: z.string().trim().regex(UPI_ID_PATTERN, M.upiInvalid).optional(),
});

/**
 * POST /event/{n}/payments/import: multipart `file` (or `fileKey`, from the preview) and the names
 * of the columns. The file itself is checked by the statement reader.
 */
export const importColumnsSchema = z.object({
  dateColumn: z
    .string({ error: "Choose the date column" })
    .trim()
    .min(1, "Choose the date column")
    .max(200),
  amountColumn: z
    .string({ error: "Choose the amount column" })
    .trim()
    .min(1, "Choose the amount column")
    .max(200),
  narrationColumn: z
    .string({ error: "Choose the narration column" })
    .trim()
    .min(1, "Choose the narration column")
    .max(200),
  referenceColumn: z.string().trim().max(200).optional(),
  fileKey: z.string().trim().max(100).optional(),
});

/** POST /event/{n}/payments/lines/{lineId}/assign */
export const assignSchema = z.object({
  paymentId: z.string({ error: "Choose a payment" }).trim().min(1, "Choose a payment").max(100),
});

export interface PaymentTotals {
  collected: number;
  pending: number;
  claimed: number;
  refundDue: number;
  refunded: number;
}

/** A payment as the organiser sees it. */
export interface OrganiserPaymentData extends PaymentData {
  payer: { userId: string; firstName: string; lastName: string; email: string };
  teamName: string | null;
  registrationId: string;
  per: "registration" | "person";
  /** Private: `GET /event/{n}/payments/{paymentId}/screenshot` serves it to organisers. */
  hasScreenshot: boolean;
  reason: string | null;
  refundUpiId: string | null;
  refundUtr: string | null;
  createdAt: string;
}

export interface PaymentsListData {
  totals: PaymentTotals;
  items: OrganiserPaymentData[];
}

/** A statement line kept for the organiser (`mismatched`, `unmatched`). */
export interface StatementLineData {
  _id: string;
  /** `YYYY-MM-DD`, or the cell as written when it is not a date in a known format. */
  date: string;
  /** Whole rupees when the line is whole, else rupees with paise (299.5). */
  amount: number;
  narration: string;
}

/** POST /event/{n}/payments/import */
export interface ImportResultData {
  lines: number;
  credits: number;
  matched: number;
  alreadyPaid: number;
  duplicates: number;
  mismatched: StatementLineData[];
  unmatched: StatementLineData[];
}

/** POST /event/{n}/payments/import/preview (multipart `file`): the file is kept under `fileKey`. */
export interface ImportPreviewData {
  fileKey: string;
  columns: string[];
  /** The first 3 data rows, cells in the order of `columns`. */
  sample: string[][];
}
