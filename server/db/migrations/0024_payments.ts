import { type Kysely, sql } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Fees paid by UPI straight to the organiser (SPEC-4 §1, §2), with what §3 needs already here.
 * The invariants live in the database, on both engines:
 * - money is whole rupees in integer columns;
 * - a coupon's `uses` never passes `maxUses` (a check, and a guarded update that counts a use);
 * - a coupon code is unique in its event without regard to case (`codeKey`, lower-cased);
 * - a payment's `reference` is unique across Utsav, a UTR names one payment per UPI ID
 *   (unique `upiId`, `utr`), a receipt number one payment per event;
 * - a held place is a member row with `held` 1: it counts against capacity (the registration
 *   exists) but not as registered. A registration's `held` is 1 while none of its members' places
 *   is free or paid.
 */
export async function up(db: Kysely<any>) {
  const add = (name: string, type: "integer" | "text", build?: (c: any) => any) =>
    db.schema
      .alterTable("events")
      .addColumn(name, type, build ?? ((c) => c))
      .execute();
  await add("fee", "integer", (c) =>
    c.notNull().defaultTo(0).check(sql`fee >= 0 and fee <= 100000`),
  );
  await add("feePer", "text", (c) =>
    c.notNull().defaultTo("registration").check(sql`"feePer" in ('registration', 'person')`),
  );
  await add("earlyFee", "integer", (c) => c.check(sql`"earlyFee" is null or "earlyFee" >= 0`));
  await add("earlyUntil", "text");
  await add("upiId", "text");
  await add("payeeName", "text");
  await add("holdMinutes", "integer", (c) =>
    c.notNull().defaultTo(60).check(sql`"holdMinutes" >= 1 and "holdMinutes" <= 1440`),
  );
  await add("refundPolicy", "text");
  await add("gstin", "text");
  // SPEC-4 §3: receipt numbers {eventNumber}-{k}, k taken from here in the confirming transaction.
  await add("receiptCounter", "integer", (c) => c.notNull().defaultTo(0));

  await db.schema
    .alterTable("registrations")
    .addColumn("held", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("registrationMembers")
    .addColumn("held", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("coupons")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("codeKey", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('percent', 'amount')`))
    .addColumn("value", "integer", (c) => c.notNull().check(sql`value >= 1`))
    .addColumn("maxUses", "integer", (c) => c.check(sql`"maxUses" is null or "maxUses" >= 1`))
    .addColumn("uses", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`uses >= 0 and ("maxUses" is null or uses <= "maxUses")`),
    )
    .addColumn("validUntil", "text")
    .addColumn("disabledAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("coupons_event_code", ["eventId", "codeKey"])
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id"))
    // The registration whose place it holds (gone once released; payments outlive it).
    .addColumn("registrationId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    // "registration": the whole registration's place (its creator pays); "person": the payer's own.
    .addColumn("per", "text", (c) => c.notNull().check(sql`per in ('registration', 'person')`))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .check(
          sql`status in ('pending', 'claimed', 'paid', 'rejected', 'expired', 'refund-due', 'refunded')`,
        ),
    )
    .addColumn("upiId", "text", (c) => c.notNull())
    .addColumn("payeeName", "text", (c) => c.notNull())
    .addColumn("holdUntil", "text", (c) => c.notNull())
    .addColumn("couponId", "text", (c) => c.references("coupons.id"))
    // 1 while the coupon's use is counted; given back (0) when the place goes before it is paid.
    .addColumn("couponHeld", "integer", (c) => c.notNull().defaultTo(0))
    // What the place was taken with (JSON: phone, collegeName, course, teamName), to take it again.
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("utr", "text")
    .addColumn("screenshot", "text")
    .addColumn("claimedAt", "text")
    .addColumn("paidAt", "text")
    .addColumn("receiptNumber", "text")
    .addColumn("reason", "text")
    .addColumn("refundUpiId", "text")
    .addColumn("refundUtr", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("payments_upi_utr", ["upiId", "utr"])
    .addUniqueConstraint("payments_event_receipt", ["eventId", "receiptNumber"])
    .execute();
  await db.schema
    .createIndex("payments_event_user")
    .on("payments")
    .columns(["eventId", "userId", "createdAt"])
    .execute();
  await db.schema
    .createIndex("payments_event_status")
    .on("payments")
    .columns(["eventId", "status"])
    .execute();
  await db.schema
    .createIndex("payments_registration")
    .on("payments")
    .columns(["registrationId"])
    .execute();
}
