import { paymentReceivedMail } from "#server/mail/payment-mails";
import { markPlacePaid, nextReceiptNumber } from "#server/services/payments/payment-write";
import type { TestApi } from "./api";

/**
 * A payment confirmed as the organiser's 'Confirm' does it (SPEC-4 §3), straight through the
 * services: paid now, the event's next receipt number, the place registered and 'Payment
 * received' queued with its receipt. Answers the receipt number.
 */
export async function markPaid(t: TestApi, paymentId: string): Promise<string> {
  const number = await t.db.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", paymentId)
      .executeTakeFirstOrThrow();
    const event = await trx
      .selectFrom("events")
      .selectAll()
      .where("id", "=", p.eventId)
      .executeTakeFirstOrThrow();
    const payer = await trx
      .selectFrom("users")
      .select(["email", "firstName"])
      .where("id", "=", p.userId)
      .executeTakeFirstOrThrow();
    const receiptNumber = await nextReceiptNumber(trx, event);
    const at = t.clock.now().toISOString();
    await trx
      .updateTable("payments")
      .set({ status: "paid", paidAt: at, receiptNumber, updatedAt: at })
      .where("id", "=", p.id)
      .execute();
    await markPlacePaid(trx, p);
    await t.deps.mail.queue(
      trx,
      paymentReceivedMail(t.deps.config.appUrl, payer, event, {
        id: p.id,
        amount: p.amount,
        receiptNumber,
      }),
    );
    return receiptNumber;
  });
  t.deps.mail.poke();
  return number;
}
