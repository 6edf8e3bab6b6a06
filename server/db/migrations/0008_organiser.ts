import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

// Frozen once shipped. It imports nothing of the application, so later changes to the code cannot
// change what it did; a new change is a new file.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function serialKey(db: Kysely<any>) {
  return (c: ColumnDefinitionBuilder) =>
    isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

const eventRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references("events.id").onDelete("cascade");

// SPEC-2 §4: what an organiser does after publishing. Days are India calendar days ("2026-11-21").
export async function up(db: Kysely<any>) {
  // Views of the event page, one per visitor a day, added in batches by the view counter.
  await db.schema
    .createTable("eventViews")
    .addColumn("eventId", "integer", eventRef)
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("eventViews_pk", ["eventId", "day"])
    .execute();

  await db.schema
    .createTable("announcements")
    .addColumn("id", "integer", serialKey(db))
    .addColumn("eventId", "integer", eventRef)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("announcements_event")
    .on("announcements")
    .columns(["eventId", "createdAt"])
    .execute();

  // At most 5 announcements per event a day: a guarded counter, so it holds across processes.
  await db.schema
    .createTable("announcementDays")
    .addColumn("eventId", "integer", eventRef)
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("announcementDays_pk", ["eventId", "day"])
    .execute();

  // One row per registration of a round once its results are saved: whether it advanced, and
  // what its registrants were last mailed (a later change mails only those whose result changed).
  await db.schema
    .createTable("roundResults")
    .addColumn("eventId", "integer", eventRef)
    .addColumn("roundIndex", "integer", (c) => c.notNull())
    .addColumn("registrationId", "text", (c) => c.notNull())
    .addColumn("advanced", "integer", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("roundResults_pk", ["eventId", "roundIndex", "registrationId"])
    .execute();

  // One winner per prize rank, and one prize per registration.
  await db.schema
    .createTable("eventWinners")
    .addColumn("eventId", "integer", eventRef)
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("registrationId", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("eventWinners_pk", ["eventId", "rank"])
    .addUniqueConstraint("eventWinners_registration", ["eventId", "registrationId"])
    .execute();

  // The registrants table and CSV read an event's people in registration order, a page at a time.
  await db.schema
    .createIndex("registrationMembers_event_joined")
    .on("registrationMembers")
    .columns(["eventId", "joinedAt", "userId"])
    .execute();
}
