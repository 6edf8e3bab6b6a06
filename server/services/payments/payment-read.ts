/** Reading payments (SPEC-4 §2): the API's payment object and the caller's payment for an event. */
import {
  type MyPaymentData,
  type PaymentData,
  PAYMENT_MESSAGES as M,
  upiUriOf,
} from "#server/contracts/payments";
import type { Db } from "#server/db/connect";
import type { EventRow, PaymentRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound } from "#server/lib/errors";
import { visibleEvent } from "#server/services/team/permissions";

export function toPaymentJson(p: PaymentRow): PaymentData {
  return {
    _id: p.id,
    reference: p.reference,
    amount: p.amount,
    status: p.status,
    upiId: p.upiId,
    payeeName: p.payeeName,
    holdUntil: p.holdUntil,
    utr: p.utr,
    claimedAt: p.claimedAt,
    paidAt: p.paidAt,
    receiptNumber: p.receiptNumber,
  };
}

/** The caller's latest payment for the event (also once expired, rejected or refunded). */
export async function latestPaymentOf(
  db: Db,
  eventId: number,
  userId: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("eventId", "=", eventId)
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** GET /event/{n}/payment: with `upiUri`; 404 'You have nothing to pay for this event'. */
export async function myPayment(
  deps: Pick<Deps, "db">,
  user: UserRow,
  eventNumber: string,
): Promise<MyPaymentData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const row = await latestPaymentOf(deps.db, event.id, user.id);
  if (!row) throw notFound(M.nothingToPay);
  return withLink(row, event);
}

export function withLink(row: PaymentRow, event: EventRow): MyPaymentData {
  return {
    ...toPaymentJson(row),
    upiUri: upiUriOf(row),
    eventName: event.eventName,
    refundPolicy: event.refundPolicy,
  };
}

/**
 * The payment that holds a person's place in a registration, if any: the registration's own (its
 * creator pays) or the person's (fees per person), while it is pending, claimed or paid.
 */
export async function placePayment(
  db: Db,
  registrationId: string,
  userId: string,
): Promise<PaymentData | null> {
  const row = await db
    .selectFrom("payments")
    .selectAll()
    .where("registrationId", "=", registrationId)
    .where("status", "in", ["pending", "claimed", "paid"])
    .where((eb) => eb.or([eb("per", "=", "registration"), eb("userId", "=", userId)]))
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toPaymentJson(row) : null;
}
