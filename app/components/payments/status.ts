import type { PaymentStatus } from "#server/contracts/payments";

/** A payment's status as the organiser's page names it. */
export const STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pending",
  claimed: "Claimed",
  paid: "Paid",
  rejected: "Rejected",
  expired: "Expired",
  "refund-due": "Refund due",
  refunded: "Refunded",
};

/** What the organiser may do with a payment in each status (the API has the last word). */
export const CAN = {
  confirm: (s: PaymentStatus) => s === "pending" || s === "claimed" || s === "expired",
  reject: (s: PaymentStatus) => s === "pending" || s === "claimed",
  refund: (s: PaymentStatus) => s === "paid" || s === "claimed" || s === "refund-due",
};
