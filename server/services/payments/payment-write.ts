/**
 * Taking a place that costs money (SPEC-4 §2): the payment planned before the registering write
 * (amount, coupon, reference, hold), then written inside it, so a place and its payment come and
 * go together. Confirming (§3) marks the place paid with `markPlacePaid`.
 */
import { randomBytes } from "node:crypto";
import { currentFeeOf } from "#server/contracts/fee-fields";
import {
  couponCodeSchema,
  discounted,
  PAYMENT_MESSAGES as M,
  REFERENCE_PREFIX,
} from "#server/contracts/payments";
import { JOIN_CODE_ALPHABET } from "#server/contracts/registration-fields";
import type { Db } from "#server/db/connect";
import type { EventRow, PaymentRow, UserRow } from "#server/db/schema";
import { type JobSpec, scheduleJob } from "#server/jobs/jobs";
import { newId } from "#server/lib/crypto";
import type { Deps } from "#server/lib/deps";
import { badRequest } from "#server/lib/errors";
import type { Mail } from "#server/mail/outbox";
import { completePaymentMail } from "#server/mail/payment-mails";
import { countUse, couponFor } from "./coupons";

export const PAYMENT_EXPIRE_JOB = "payment.expire";
export const expireJobKey = (paymentId: string) => `payment-expire:${paymentId}`;

/** 'UT' and 6 characters of the team-code alphabet (32 symbols: a byte's low 5 bits pick one). */
export function newReference(): string {
  return REFERENCE_PREFIX + [...randomBytes(6)].map((b) => JOIN_CODE_ALPHABET[b & 31]).join("");
}

/** A payment ready to be written with its place; `held` says whether the place waits for it. */
export interface PlannedPayment {
  row: PaymentRow;
  held: 0 | 1;
  mail: Mail | null;
}

/** What the place is taken with, kept on the payment to take the place again (a late claim). */
export interface PlaceDetails {
  phone: string;
  collegeName: string;
  course: string;
  teamName?: string | null;
}

/**
 * The payment a new place needs, or null when it costs nothing (a free event). The coupon (the
 * body's `coupon`) is checked here; its use is counted in the write. A coupon that brings the
 * amount to ₹0 makes the payment "paid" at once.
 */
export async function planPayment(
  deps: Pick<Deps, "db" | "clock" | "config">,
  event: EventRow,
  user: Pick<UserRow, "id" | "email" | "firstName">,
  place: { registrationId: string; per: "registration" | "person"; details: PlaceDetails },
  rawCoupon: unknown,
  db: Db = deps.db,
): Promise<PlannedPayment | null> {
  const now = deps.clock.now();
  const fee = currentFeeOf(event, now);
  if (fee === null || !event.upiId || !event.payeeName) return null;
  const parsed = couponCodeSchema.safeParse(rawCoupon ?? undefined);
  if (!parsed.success) throw badRequest(M.couponInvalid, { coupon: [M.couponInvalid] });
  const coupon = parsed.data ? await couponFor(db, event, parsed.data, now) : null;
  const amount = coupon ? discounted(fee, coupon) : fee;
  const at = now.toISOString();
  const holdUntil = new Date(now.getTime() + event.holdMinutes * 60_000).toISOString();
  const paid = amount === 0;
  const row: PaymentRow = {
    id: newId(),
    eventId: event.id,
    registrationId: place.registrationId,
    userId: user.id,
    per: place.per,
    reference: newReference(),
    amount,
    status: paid ? "paid" : "pending",
    upiId: event.upiId,
    payeeName: event.payeeName,
    holdUntil,
    couponId: coupon?.id ?? null,
    couponHeld: coupon ? 1 : 0,
    details: JSON.stringify(place.details),
    utr: null,
    screenshot: null,
    claimedAt: null,
    paidAt: paid ? at : null,
    receiptNumber: null,
    reason: null,
    refundUpiId: null,
    refundUtr: null,
    refundNote: null,
    refundedAt: null,
    createdAt: at,
    updatedAt: at,
  };
  const mail = paid
    ? null
    : completePaymentMail(deps.config.appUrl, user, event, {
        amount,
        reference: row.reference,
        holdUntil,
      });
  return { row, held: paid ? 0 : 1, mail };
}

/**
 * Inside the place's transaction: counts the coupon's use (never past maxUses), writes the
 * payment (a paid one with its receipt number) and, for a held place, its expiry job and mail.
 */
export async function writePayment(
  trx: Db,
  deps: Pick<Deps, "clock" | "mail">,
  event: EventRow,
  plan: PlannedPayment,
): Promise<void> {
  if (plan.row.couponId) await countUse(trx, plan.row.couponId);
  const row = plan.row;
  if (row.status === "paid") row.receiptNumber = await nextReceiptNumber(trx, event);
  await trx.insertInto("payments").values(row).execute();
  if (row.status === "pending") await scheduleJob(trx, deps.clock, expireJob(row));
  if (plan.mail) await deps.mail.queue(trx, plan.mail);
}

/** The job that releases a held place when its hold passes unpaid (`payment.expire`). */
export function expireJob(row: Pick<PaymentRow, "id" | "holdUntil">): JobSpec {
  return {
    kind: PAYMENT_EXPIRE_JOB,
    key: expireJobKey(row.id),
    runAt: row.holdUntil,
    payload: { paymentId: row.id },
  };
}

/**
 * Whether `writePayment` would write only the payment and its expiry job: a held place with no
 * coupon to count and no receipt to number (what a statement of its own can write instead).
 */
export function onlyPaymentAndJob(plan: PlannedPayment): boolean {
  return plan.row.status === "pending" && plan.row.couponId === null && plan.mail === null;
}

/** `{eventNumber}-{k}`, k the event's next, taken in the caller's transaction (SPEC-4 §3). */
export async function nextReceiptNumber(trx: Db, event: EventRow): Promise<string> {
  const { receiptCounter } = await trx
    .updateTable("events")
    .set((eb) => ({ receiptCounter: eb("receiptCounter", "+", 1) }))
    .where("id", "=", event.id)
    .returning("receiptCounter")
    .executeTakeFirstOrThrow();
  return `${event.eventNumber}-${receiptCounter}`;
}

/**
 * The place a payment holds counts as registered from now: the payer's (per person) or every
 * member's (per registration), and the registration with them.
 */
export async function markPlacePaid(
  trx: Db,
  payment: Pick<PaymentRow, "registrationId" | "userId" | "per">,
): Promise<void> {
  let members = trx
    .updateTable("registrationMembers")
    .set({ held: 0 })
    .where("registrationId", "=", payment.registrationId);
  if (payment.per === "person") members = members.where("userId", "=", payment.userId);
  await members.execute();
  await trx
    .updateTable("registrations")
    .set({ held: 0 })
    .where("id", "=", payment.registrationId)
    .execute();
}
