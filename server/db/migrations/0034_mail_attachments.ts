import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Attachments of a queued mail (SPEC-4 §2: the receipt PDF of 'Payment received'), as JSON of
 * references such as `[{ "kind": "receipt", "paymentId": "…" }]`: the worker renders each file
 * when it sends the mail, so an outbox row stays a few hundred bytes.
 */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("mailOutbox").addColumn("attachments", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("mailOutbox").dropColumn("attachments").execute();
}
