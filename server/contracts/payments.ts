/**
 * Coupons and payments (SPEC-4 §1, §2): requests, answers and the spec's messages to the letter.
 */
import type { PaymentStatus } from "#server/db/schema-payments";
import { z } from "./zod";

export * from "./fee-fields";
export type { PaymentStatus };

export const PAYMENT_MESSAGES = {
  codeInvalid: "Use 4 to 20 letters and digits",
  codeTaken: "This code already exists",
  discountInvalid: "Invalid discount",
  couponInvalid: "Invalid coupon",
  couponExpired: "This coupon has expired",
  couponUsedUp: "This coupon has been used up",
  couponsFree: "Coupons are for paid events",
  couponNotFound: "Coupon not found",
  validUntilInvalid: "Please select a date",
  maxUsesInvalid: "Uses must be a whole number from 1",
  nothingToPay: "You have nothing to pay for this event",
  utrInvalid: "Enter the 12-digit UTR from your payment app",
  screenshotInvalid: "Upload a PNG or JPEG up to 2 MB",
  utrUsed: "This UTR was already used",
  alreadyConfirmed: "This payment is already confirmed",
  refunded: "This payment was refunded",
  // Not quoted by the spec: refusals it implies.
  notYours: "This payment is not yours",
} as const;
const M = PAYMENT_MESSAGES;

export const SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
export const REFERENCE_PREFIX = "UT";

/** POST /event/{n}/coupons. `value` is checked against the kind (and the fee) by the service. */
export const couponSchema = z.object({
  code: z
    .string({ error: M.codeInvalid })
    .trim()
    .regex(/^[a-zA-Z0-9]{4,20}$/, M.codeInvalid),
  kind: z.enum(["percent", "amount"], { error: M.discountInvalid }),
  value: z.number({ error: M.discountInvalid }).int(M.discountInvalid).min(1, M.discountInvalid),
  maxUses: z
    .number({ error: M.maxUsesInvalid })
    .int(M.maxUsesInvalid)
    .min(1, M.maxUsesInvalid)
    .max(1_000_000, M.maxUsesInvalid)
    .optional(),
  validUntil: z.string().trim().max(40, M.validUntilInvalid).optional(),
});
export type CouponInput = z.infer<typeof couponSchema>;

/** The optional coupon of registering and joining. */
export const couponCodeSchema = z.string().trim().max(40, M.couponInvalid).optional();

/** POST /event/{n}/payment/claim: the UTR; the screenshot is checked apart (it may be a file). */
export const claimSchema = z.object({
  utr: z
    .string({ error: M.utrInvalid })
    .trim()
    .regex(/^\d{12}$/, M.utrInvalid),
});

/** The pay page's claim form: the UTR and an optional screenshot (the API checks its bytes too). */
export const claimFormSchema = claimSchema.extend({
  screenshot: z
    .file()
    .max(SCREENSHOT_MAX_BYTES, M.screenshotInvalid)
    .mime(["image/png", "image/jpeg"], M.screenshotInvalid)
    .optional(),
});

export interface CouponData {
  _id: string;
  code: string;
  kind: "percent" | "amount";
  value: number;
  maxUses: number | null;
  uses: number;
  validUntil: string | null;
  disabled: boolean;
  createdAt: string;
}

export interface PaymentData {
  _id: string;
  reference: string;
  amount: number;
  status: PaymentStatus;
  upiId: string;
  payeeName: string;
  holdUntil: string;
  utr: string | null;
  claimedAt: string | null;
  paidAt: string | null;
  receiptNumber: string | null;
}

/** GET /event/{n}/payment: with the link a UPI app opens, and what the pay page shows. */
export interface MyPaymentData extends PaymentData {
  upiUri: string;
  eventName: string | null;
  refundPolicy: string | null;
}

/** RFC 3986: every character but the unreserved ones percent-encoded (a space is %20). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The NPCI UPI link of a payment (SPEC-4 §2). The `@` of `pa` stays as it is. */
export function upiUriOf(p: Pick<PaymentData, "upiId" | "payeeName" | "amount" | "reference">) {
  const pa = rfc3986(p.upiId).replace(/%40/g, "@");
  return (
    `upi://pay?pa=${pa}&pn=${rfc3986(p.payeeName)}&am=${p.amount}.00&cu=INR` +
    `&tn=${rfc3986(`Utsav ${p.reference}`)}&tr=${rfc3986(p.reference)}`
  );
}

/** The discount a coupon takes off an amount: a percentage rounded to the rupee, halves up. */
export function discounted(amount: number, c: { kind: string; value: number }): number {
  const off = c.kind === "percent" ? Math.floor((amount * c.value + 50) / 100) : c.value;
  return Math.max(0, amount - off);
}

/** "₹1,299" (Indian digit grouping), for mails; the app has its own formatRupees. */
export function rupees(n: number): string {
  return `₹${n.toLocaleString("en-IN")}`;
}
