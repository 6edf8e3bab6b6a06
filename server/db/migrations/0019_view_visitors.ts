import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Views counted once per visitor, event and India day whichever process serves them, and across
 * restarts: each process dedupes in memory first, then its batch goes to `eventViewVisitors`,
 * whose key refuses a visitor already written by any process; only the rows it takes add to
 * `eventViews`. A visitor is a hash keyed by the day's seeds (`viewSeeds`, one row a day, the
 * first process to need it makes it). Both tables hold today and yesterday only (the writer
 * deletes older rows), so nobody can be followed from one day to the next.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("viewSeeds")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("seedA", "bigint", (c) => c.notNull())
    .addColumn("seedB", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("eventViewVisitors")
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("visitor", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("event_view_visitors_pk", ["eventId", "day", "visitor"])
    .execute();
  await db.schema
    .createIndex("event_view_visitors_day")
    .on("eventViewVisitors")
    .column("day")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("eventViewVisitors").execute();
  await db.schema.dropTable("viewSeeds").execute();
}
