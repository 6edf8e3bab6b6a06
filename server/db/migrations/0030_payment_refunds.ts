import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Refunds and the organiser's list (SPEC-4 §3): the organiser's note on a refund and when it was
 * sent; an index for the event's payments newest first.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("payments").addColumn("refundNote", "text").execute();
  await db.schema.alterTable("payments").addColumn("refundedAt", "text").execute();
  await db.schema
    .createIndex("payments_event_created")
    .on("payments")
    .columns(["eventId", "createdAt"])
    .execute();
}
