import type { Db } from "#server/db/connect";
import { giveBackUse } from "./coupons";

/**
 * Someone left (or was taken out of) a registration, in the leaving transaction: their payment
 * follows. A team's payment (per registration) passes to the new leader while the team stays;
 * otherwise a pending one is over ("expired", its coupon use given back) and money claimed or
 * received is owed back ("refund-due", SPEC-4 §3).
 */
export async function settleLeaverPayment(
  trx: Db,
  registrationId: string,
  userId: string,
  now: string,
): Promise<void> {
  const payments = await trx
    .selectFrom("payments")
    .select(["id", "couponId", "status", "per"])
    .where("registrationId", "=", registrationId)
    .where("userId", "=", userId)
    .where("status", "in", ["pending", "claimed", "paid"])
    .execute();
  if (!payments.length) return;
  const team = await trx
    .selectFrom("registrations")
    .select("leaderId")
    .where("id", "=", registrationId)
    .executeTakeFirst();
  for (const p of payments) {
    if (p.per === "registration" && team) {
      await trx
        .updateTable("payments")
        .set({ userId: team.leaderId, updatedAt: now })
        .where("id", "=", p.id)
        .execute();
      continue;
    }
    const status = p.status === "pending" ? "expired" : "refund-due";
    const changed = await trx
      .updateTable("payments")
      .set({ status, updatedAt: now })
      .where("id", "=", p.id)
      .where("status", "=", p.status)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) && p.status !== "paid") await giveBackUse(trx, p);
  }
}
