/** Receipts of paid payments (SPEC-4 §3): where the PDF is and what a caller without one reads. */

export const RECEIPT_MESSAGES = {
  // Not quoted by the spec: the receipt's 404.
  noReceipt: "You have no paid payment for this event, so there is no receipt",
} as const;

/** The receipt PDF of the caller's paid payment for an event (the API, reached by a link). */
export function receiptPath(eventNumber: string): string {
  return `/api/v1/event/${encodeURIComponent(eventNumber)}/receipt`;
}
