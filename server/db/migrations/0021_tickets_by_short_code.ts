import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Short codes looked up in every event (issue 45): a typed short code no ticket of this event
 * has is 'Not a ticket for this event' when another event's live ticket has it, else 'No ticket
 * has this code'. Short codes are unique per event only, so this index is not unique.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("tickets_short_code_any").on("tickets").column("shortCode").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("tickets_short_code_any").execute();
}
