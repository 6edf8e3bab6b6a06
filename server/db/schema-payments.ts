import type { CreatedAt, Defaulted, Key } from "./column-types";

// Tables of SPEC-4 §1-§3 (fees paid by UPI). The Database interface that names them is schema.ts.

export type PaymentStatus =
  | "pending"
  | "claimed"
  | "paid"
  | "rejected"
  | "expired"
  | "refund-due"
  | "refunded";

/** An event's discount code; `uses` never passes `maxUses` (a check and a guarded update). */
export interface CouponsTable {
  id: Key;
  eventId: Key<number>;
  code: Key;
  /** The code lower-cased: unique per event, so codes differ in more than case. */
  codeKey: Key;
  kind: "percent" | "amount";
  value: number;
  maxUses: number | null;
  uses: Defaulted<number>;
  validUntil: string | null;
  disabledAt: string | null;
  createdAt: CreatedAt;
}

/**
 * A payment beside the place it holds: a whole registration's (`per` "registration", its creator
 * pays) or one member's (`per` "person"). Amount, UPI ID and payee are those it was created with.
 */
export interface PaymentsTable {
  id: Key;
  eventId: Key<number>;
  registrationId: string;
  /** The payer; a team's payment passes to its new leader when the payer leaves. */
  userId: string;
  per: Key<"registration" | "person">;
  /** 'UT' and 6 characters of the team-code alphabet, unique across Utsav. */
  reference: Key;
  amount: Key<number>;
  status: PaymentStatus;
  upiId: Key;
  payeeName: Key;
  holdUntil: string;
  couponId: string | null;
  /** 1 while the coupon's use is counted for this payment. */
  couponHeld: Defaulted<number>;
  /** JSON of what the place was taken with: phone, collegeName, course, teamName. */
  details: string;
  utr: string | null;
  /** Storage key of the screenshot the payer attached to their claim. */
  screenshot: string | null;
  claimedAt: string | null;
  paidAt: string | null;
  receiptNumber: string | null;
  reason: string | null;
  refundUpiId: string | null;
  refundUtr: string | null;
  /** The organiser's note on a refund (SPEC-4 §3). */
  refundNote: Defaulted<string | null>;
  refundedAt: Defaulted<string | null>;
  createdAt: CreatedAt;
  updatedAt: string;
}

export type StatementOutcome = "matched" | "alreadyPaid" | "mismatched" | "unmatched" | "assigned";

/**
 * A bank-statement line an organiser imported (SPEC-4 §3); `lineKey` (date, amount, narration)
 * is unique per event, so a line is never imported twice.
 */
export interface StatementLinesTable {
  id: Key;
  eventId: Key<number>;
  lineKey: Key;
  date: Key;
  paise: Key<number>;
  narration: Key;
  reference: Key;
  outcome: StatementOutcome;
  paymentId: string | null;
  importedAt: CreatedAt;
}

export interface PaymentsDatabase {
  coupons: CouponsTable;
  payments: PaymentsTable;
  statementLines: StatementLinesTable;
}
