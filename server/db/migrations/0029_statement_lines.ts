import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Bank-statement lines imported by an event's organisers (SPEC-4 §3). A line imported before (the
 * same date, amount and narration) is a duplicate: `lineKey` (a hash of the three) is unique per
 * event, so the database refuses a second copy whatever runs at once, and importing a file again
 * changes nothing. A line keeps what came of it (`outcome`) and the payment it paid, if any.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("statementLines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id"))
    .addColumn("lineKey", "text", (c) => c.notNull())
    // `YYYY-MM-DD`, or the cell as written when it is not a date in a known format.
    .addColumn("date", "text", (c) => c.notNull())
    // Paise: a statement's 299.50 is exact and never equals a whole-rupee fee.
    .addColumn("paise", "integer", (c) => c.notNull())
    .addColumn("narration", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    // matched | alreadyPaid | mismatched | unmatched | assigned
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("paymentId", "text")
    .addColumn("importedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("statement_lines_event_key", ["eventId", "lineKey"])
    .execute();
  await db.schema
    .createIndex("statement_lines_event_outcome")
    .on("statementLines")
    .columns(["eventId", "outcome"])
    .execute();
}
