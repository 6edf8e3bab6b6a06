/**
 * The organiser's decisions on payments (SPEC-4 §3): confirm, reject, refund, and the payer's own
 * cancellation. Every change is a guarded update from the state read (so an expiry, a claim or
 * another organiser racing it has one winner), in one transaction with what follows from it: the
 * receipt number, the place counted or released, the coupon use, the mail and the activity line.
 */
import {
  CONFIRM_MESSAGES as C,
  cancelPaidSchema,
  type OrganiserPaymentData,
  refundSchema,
  rejectSchema,
} from "#server/contracts/payments-confirm";
import { type MyPaymentData, PAYMENT_MESSAGES as M, rupees } from "#server/contracts/payments";
import { REGISTRATION_MESSAGES as R } from "#server/contracts/registration";
import { dropEmpty } from "#server/contracts/user";
import type { Db } from "#server/db/connect";
import { constraintViolation } from "#server/db/errors";
import { retryingRaces } from "#server/db/retry";
import { sql, type Updateable } from "kysely";
import type {
  EventRow,
  PaymentRow,
  PaymentStatus,
  PaymentsTable,
  UserRow,
} from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict, notFound, parseBody } from "#server/lib/errors";
import type { Mail } from "#server/mail/outbox";
import { paymentRejectedMail, refundSentMail } from "#server/mail/payment-decision-mails";
import { paymentReceivedMail } from "#server/mail/payment-mails";
import { windowState } from "#server/services/registration/registration-read";
import { recordActivity } from "#server/services/team/activity";
import { requireRight, visibleEvent } from "#server/services/team/permissions";
import { giveBackUse } from "./coupons";
import { releasePlace } from "./expiry";
import { latestPaymentOf, withLink } from "./payment-read";
import { markPlacePaid } from "./payment-write";
import { organiserPayment } from "./payments-list";
import { takePlaceAgain } from "./retake";

export type ConfirmDeps = Pick<Deps, "db" | "clock" | "config" | "mail">;

/** Statuses a payment may become paid from: held ones, and released ones taking the place again. */
const HELD: PaymentStatus[] = ["pending", "claimed"];
const RELEASED: PaymentStatus[] = ["expired", "rejected"];

/** A payment of the event by its id, or 404. */
export async function paymentIn(db: Db, event: EventRow, paymentId: string): Promise<PaymentRow> {
  const row = await db
    .selectFrom("payments")
    .selectAll()
    .where("id", "=", paymentId)
    .where("eventId", "=", event.id)
    .executeTakeFirst();
  if (!row) throw notFound(C.paymentNotFound);
  return row;
}

/** Moves a payment to "paid" from the state it was read in; undefined when something else moved it. */
export async function movePaid(
  trx: Db,
  id: string,
  from: PaymentStatus,
  now: string,
  utr?: string | null,
): Promise<PaymentRow | undefined> {
  return trx
    .updateTable("payments")
    .set({ status: "paid", paidAt: now, updatedAt: now, ...(utr ? { utr } : {}) })
    .where("id", "=", id)
    .where("status", "=", from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The rest of becoming paid, for payments just moved to "paid" in this transaction, in the order
 * given: receipt numbers `{eventNumber}-{k}` from the event's counter (taken here, in the same
 * transaction, so a rolled-back confirmation leaves no gap), the places counted as registered,
 * and the 'Payment received' mail to each payer (the receipt PDF attached when it is sent).
 */
export async function settlePaid(
  trx: Db,
  deps: Pick<Deps, "config" | "mail">,
  event: EventRow,
  paid: PaymentRow[],
): Promise<PaymentRow[]> {
  if (!paid.length) return [];
  const { receiptCounter } = await trx
    .updateTable("events")
    .set((eb) => ({ receiptCounter: eb("receiptCounter", "+", paid.length) }))
    .where("id", "=", event.id)
    .returning("receiptCounter")
    .executeTakeFirstOrThrow();
  const first = receiptCounter - paid.length + 1;
  const done = paid.map((p, i) => ({ ...p, receiptNumber: `${event.eventNumber}-${first + i}` }));
  // A chunk of an import makes hundreds paid at once: one statement per step, not per payment.
  for (let i = 0; i < done.length; i += 400) {
    const part = done.slice(i, i + 400);
    const cases = sql.join(
      part.map((p) => sql`when ${p.id} then ${p.receiptNumber}`),
      sql` `,
    );
    await trx
      .updateTable("payments")
      .set({ receiptNumber: sql<string>`case ${sql.ref("id")} ${cases} end` })
      .where(
        "id",
        "in",
        part.map((p) => p.id),
      )
      .execute();
  }
  await markPlacesPaid(trx, done);
  const payers = await trx
    .selectFrom("users")
    .select(["id", "email", "firstName"])
    .where("id", "in", [...new Set(paid.map((p) => p.userId))])
    .execute();
  const byId = new Map(payers.map((u) => [u.id, u]));
  const mails: Mail[] = [];
  for (const p of done) {
    const payer = byId.get(p.userId);
    if (payer)
      mails.push(
        paymentReceivedMail(deps.config.appUrl, payer, event, {
          id: p.id,
          amount: p.amount,
          receiptNumber: p.receiptNumber,
        }),
      );
  }
  await deps.mail.queue(trx, mails);
  return done;
}

/** `markPlacePaid` for many payments: whole registrations in one statement, persons one by one. */
async function markPlacesPaid(trx: Db, paid: PaymentRow[]): Promise<void> {
  const whole = paid.filter((p) => p.per === "registration").map((p) => p.registrationId);
  for (let i = 0; i < whole.length; i += 400) {
    const ids = whole.slice(i, i + 400);
    await trx
      .updateTable("registrationMembers")
      .set({ held: 0 })
      .where("registrationId", "in", ids)
      .execute();
    await trx.updateTable("registrations").set({ held: 0 }).where("id", "in", ids).execute();
  }
  for (const p of paid) if (p.per === "person") await markPlacePaid(trx, p);
}

/**
 * Makes a payment paid in its own transaction: a held one at once; a released one (expired or
 * rejected) only if it takes its place again (`takePlaceAgain`: open, room, team). Answers the
 * paid row, or undefined when the payment was no longer in the state `from` (the caller reads it
 * again). A refusal to take the place again throws its 409, and nothing is kept.
 */
export async function payInOwnTransaction(
  deps: ConfirmDeps,
  event: EventRow,
  payment: PaymentRow,
  opts: { utr?: string | null; alongside?: (trx: Db, paid: PaymentRow) => Promise<void> } = {},
): Promise<PaymentRow | undefined> {
  const now = deps.clock.now().toISOString();
  // The line's UTR, unless another payment to the same UPI ID took it meanwhile (the unique key
  // refuses it): then the payment is paid without it.
  let utr = opts.utr;
  const paid = await retryingRaces(() =>
    deps.db.transaction().execute(async (trx) => {
      const moved = await movePaid(trx, payment.id, payment.status, now, utr).catch((err) => {
        if (!utr || constraintViolation(err)?.kind !== "unique") throw err;
        utr = null;
        throw Object.assign(new Error("UTR taken meanwhile"), { raced: true });
      });
      if (!moved) return undefined;
      if (RELEASED.includes(payment.status)) await takePlaceAgain(trx, deps, event, moved);
      const [done] = await settlePaid(trx, deps, event, [moved]);
      await opts.alongside?.(trx, done);
      return done;
    }),
  );
  if (paid) deps.mail.poke();
  return paid;
}

async function reread(db: Db, id: string): Promise<PaymentRow> {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

function refusePaidOrRefunded(status: PaymentStatus) {
  if (status === "paid") throw conflict(M.alreadyConfirmed);
  if (status === "refund-due" || status === "refunded") throw conflict(M.refunded);
}

const confirmedLine = (p: PaymentRow) =>
  `confirmed the payment ${p.reference} (${rupees(p.amount)}), receipt ${p.receiptNumber}`;

/** POST /event/{n}/payments/{paymentId}/confirm: 200 with the payment, now "paid". */
export async function confirmPayment(
  deps: ConfirmDeps,
  user: UserRow | null,
  eventNumber: string,
  paymentId: string,
): Promise<OrganiserPaymentData> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  let row = await paymentIn(deps.db, access.event, paymentId);
  // Only a held payment: one whose place was released (an expiry, a rejection) comes back through
  // a late claim or a statement line (rule 4), so an expiry racing a confirmation has one winner.
  for (let attempt = 0; attempt < 3; attempt++) {
    refusePaidOrRefunded(row.status);
    if (row.status === "expired") throw conflict(C.expired);
    if (row.status === "rejected") throw conflict(C.wasRejected);
    const paid = await payInOwnTransaction(deps, access.event, row, {
      alongside: (trx, p) =>
        recordActivity(trx, deps, access, "payment.confirmed", confirmedLine(p)),
    });
    if (paid) return organiserPayment(deps.db, paid.id);
    row = await reread(deps.db, row.id);
  }
  throw conflict(M.alreadyConfirmed);
}

/** Moves a payment from `from` to `patch.status` (guarded); answers the row, or undefined if it moved. */
async function moveFrom(
  trx: Db,
  id: string,
  from: PaymentStatus,
  patch: Updateable<PaymentsTable>,
) {
  return trx
    .updateTable("payments")
    .set(patch)
    .where("id", "=", id)
    .where("status", "=", from)
    .returningAll()
    .executeTakeFirst();
}

async function payerOf(trx: Db, p: Pick<PaymentRow, "userId">) {
  return trx
    .selectFrom("users")
    .select(["email", "firstName"])
    .where("id", "=", p.userId)
    .executeTakeFirstOrThrow();
}

/** POST /event/{n}/payments/{paymentId}/reject `reason`: the place is released and the payer mailed. */
export async function rejectPayment(
  deps: ConfirmDeps,
  user: UserRow | null,
  eventNumber: string,
  paymentId: string,
  readBody: () => Promise<Record<string, unknown>>,
): Promise<OrganiserPaymentData> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const { event } = access;
  let row = await paymentIn(deps.db, event, paymentId);
  const { reason } = parseBody(rejectSchema, dropEmpty(await readBody()));
  for (let attempt = 0; attempt < 3; attempt++) {
    refusePaidOrRefunded(row.status);
    if (!HELD.includes(row.status)) throw conflict(C.cannotReject);
    const now = deps.clock.now().toISOString();
    const from = row.status;
    const done = await retryingRaces(() =>
      deps.db.transaction().execute(async (trx) => {
        const moved = await moveFrom(trx, paymentId, from, {
          status: "rejected",
          reason,
          updatedAt: now,
        });
        if (!moved) return false;
        await giveBackUse(trx, moved);
        await releasePlace(trx, event, moved, now);
        const payer = await payerOf(trx, moved);
        await deps.mail.queue(
          trx,
          paymentRejectedMail(deps.config.appUrl, payer, event, { ...moved, reason }),
        );
        await recordActivity(
          trx,
          deps,
          access,
          "payment.rejected",
          `rejected the payment ${moved.reference} (${rupees(moved.amount)}): ${reason}`,
        );
        return true;
      }),
    );
    if (done) {
      deps.mail.poke();
      return organiserPayment(deps.db, paymentId);
    }
    row = await reread(deps.db, paymentId);
  }
  throw conflict(C.cannotReject);
}

/**
 * POST /event/{n}/payments/{paymentId}/refund `refundUtr?`, `note?`: a paid or claimed payment's
 * place is released and the payment is "refunded" (with the refund's UTR) or "refund-due"; a
 * refund-due one given its UTR ('Mark refunded') is "refunded". The payer is mailed 'Refund sent'
 * whenever the refund's UTR is given.
 */
export async function refundPayment(
  deps: ConfirmDeps,
  user: UserRow | null,
  eventNumber: string,
  paymentId: string,
  readBody: () => Promise<Record<string, unknown>>,
): Promise<OrganiserPaymentData> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const { event } = access;
  let row = await paymentIn(deps.db, event, paymentId);
  const input = parseBody(refundSchema, dropEmpty(await readBody()));
  const refundUtr = input.refundUtr ?? null;
  const note = input.note ?? null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const from = row.status;
    if (from === "refunded") throw conflict(C.alreadyRefunded);
    if (from !== "paid" && from !== "claimed" && from !== "refund-due")
      throw conflict(C.cannotRefund);
    // Asked again without the refund's UTR: still owed; the note is kept.
    if (from === "refund-due" && !refundUtr) {
      if (note)
        await deps.db
          .updateTable("payments")
          .set({ refundNote: note })
          .where("id", "=", paymentId)
          .execute();
      return organiserPayment(deps.db, paymentId);
    }
    const now = deps.clock.now().toISOString();
    const done = await retryingRaces(() =>
      deps.db.transaction().execute(async (trx) => {
        const moved = await moveFrom(trx, paymentId, from, {
          status: refundUtr ? "refunded" : "refund-due",
          refundUtr,
          refundedAt: refundUtr ? now : null,
          ...(note ? { refundNote: note } : {}),
          updatedAt: now,
        });
        if (!moved) return false;
        if (from !== "refund-due") {
          // Money claimed but never confirmed was not paid: its coupon use goes back.
          if (from === "claimed") await giveBackUse(trx, moved);
          await releasePlace(trx, event, moved, now);
        }
        if (refundUtr) {
          const payer = await payerOf(trx, moved);
          await deps.mail.queue(
            trx,
            refundSentMail(deps.config.appUrl, payer, event, {
              ...moved,
              refundUtr,
              note: moved.refundNote,
            }),
          );
        }
        await recordActivity(
          trx,
          deps,
          access,
          "payment.refunded",
          refundUtr
            ? `refunded the payment ${moved.reference} (${rupees(moved.amount)}), refund UTR ${refundUtr}`
            : `marked the payment ${moved.reference} (${rupees(moved.amount)}) for a refund`,
        );
        return true;
      }),
    );
    if (done) {
      deps.mail.poke();
      return organiserPayment(deps.db, paymentId);
    }
    row = await reread(deps.db, paymentId);
  }
  throw conflict(C.cannotRefund);
}

/**
 * POST /event/{n}/cancel-paid `refundUpiId?` (the payer): while registration is open, a paid place
 * is released at once and its payment becomes "refund-due".
 */
export async function cancelPaid(
  deps: ConfirmDeps,
  user: UserRow,
  eventNumber: string,
  body: Record<string, unknown>,
): Promise<MyPaymentData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const { refundUpiId } = parseBody(cancelPaidSchema, dropEmpty(body));
  const row = await latestPaymentOf(deps.db, event.id, user.id);
  if (row?.status !== "paid") throw conflict(C.notPaid);
  if (event.status !== "active" || windowState(event, deps.clock.now()) !== "open")
    throw conflict(R.closed);
  const now = deps.clock.now().toISOString();
  const done = await retryingRaces(() =>
    deps.db.transaction().execute(async (trx) => {
      const moved = await moveFrom(trx, row.id, "paid", {
        status: "refund-due",
        refundUpiId: refundUpiId ?? null,
        updatedAt: now,
      });
      if (!moved) return false;
      await releasePlace(trx, event, moved, now);
      return true;
    }),
  );
  if (!done) throw conflict(C.notPaid);
  return withLink(await reread(deps.db, row.id), event);
}
