/**
 * SPEC-4 §2: a pending payment expires at `holdUntil`, exactly once, through the job table (one
 * job per payment, claimed once by one process, run on start for holds that passed while the
 * server was down). The expiry changes the payment only from "pending", in one guarded update, so
 * a claim or a confirmation racing it has one winner.
 */
import type { EventRow, JobRow, PaymentRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import type { Mail } from "#server/mail/outbox";
import { placeReleasedMail } from "#server/mail/payment-mails";
import { cancelTickets } from "#server/services/check-in/tickets";
import { takeOut } from "#server/services/registration/registration-team";
import type { Trx } from "#server/services/registration/registrations";
import { giveBackUse } from "./coupons";

export { PAYMENT_EXPIRE_JOB } from "./payment-write";

type ExpiryDeps = Pick<Deps, "db" | "clock" | "config" | "mail">;

export function paymentExpireJobHandler(deps: ExpiryDeps) {
  return async (job: JobRow) => {
    const { paymentId } = JSON.parse(job.payload) as { paymentId: string };
    await expirePayment(deps, paymentId);
  };
}

/** Expires a payment if it is still pending and its hold has passed; answers whether it did. */
export async function expirePayment(deps: ExpiryDeps, paymentId: string): Promise<boolean> {
  const now = deps.clock.now().toISOString();
  const expired = await deps.db.transaction().execute(async (trx) => {
    const payment = await trx
      .updateTable("payments")
      .set({ status: "expired", updatedAt: now })
      .where("id", "=", paymentId)
      .where("status", "=", "pending")
      .where("holdUntil", "<=", now)
      .returningAll()
      .executeTakeFirst();
    if (!payment) return false;
    await giveBackUse(trx, payment);
    const event = await trx
      .selectFrom("events")
      .selectAll()
      .where("id", "=", payment.eventId)
      .executeTakeFirstOrThrow();
    const people = await releasePlace(trx, event, payment, now);
    const mails: Mail[] = people.map((p) => placeReleasedMail(deps.config.appUrl, p, event));
    await deps.mail.queue(trx, mails);
    return true;
  });
  if (expired) deps.mail.poke();
  return expired;
}

type Person = { email: string; firstName: string };

/**
 * Releases the place a payment held, in the caller's transaction; answers who lost it. Per
 * registration, the whole registration goes (every member of a team); per person, only the payer,
 * under SPEC-2's leaving rules (a leader hands over, the last one out ends the team).
 */
export async function releasePlace(
  trx: Trx,
  event: EventRow,
  payment: Pick<PaymentRow, "registrationId" | "userId" | "per">,
  now: string,
): Promise<Person[]> {
  const members = await trx
    .selectFrom("registrationMembers as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select(["m.userId", "u.email", "u.firstName"])
    .where("m.registrationId", "=", payment.registrationId)
    .execute();
  if (payment.per === "person") {
    const me = members.find((m) => m.userId === payment.userId);
    if (!me) return [];
    await takeOut(trx, event, payment.registrationId, payment.userId, null, now);
    return [me];
  }
  if (!members.length) return [];
  // The event's row first, as registering and leaving take it.
  await trx
    .updateTable("events")
    .set((eb) => ({ registrationCount: eb.ref("registrationCount") }))
    .where("id", "=", event.id)
    .execute();
  await trx
    .deleteFrom("registrationMembers")
    .where("registrationId", "=", payment.registrationId)
    .execute();
  const gone = await trx
    .deleteFrom("registrations")
    .where("id", "=", payment.registrationId)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) > 0)
    await trx
      .updateTable("events")
      .set((eb) => ({ registrationCount: eb("registrationCount", "-", 1) }))
      .where("id", "=", event.id)
      .execute();
  for (const m of members) await cancelTickets(trx, event.id, m.userId, now);
  return members;
}
