import type { PaymentStatus } from "./payments";

/** Every payment status, in the order a filter lists them (SPEC-4 §2, §3). */
export const PAYMENT_STATUSES = [
  "pending",
  "claimed",
  "paid",
  "rejected",
  "expired",
  "refund-due",
  "refunded",
] as const satisfies readonly PaymentStatus[];
