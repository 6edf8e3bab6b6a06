import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

// Frozen once shipped. It imports nothing of the application, so later changes to the code
// cannot change what it did; a new change is a new file.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function serialKey(db: Kysely<any>) {
  return (c: ColumnDefinitionBuilder) =>
    isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

/**
 * SPEC-2 §3: saved events, the personal calendar feed, the reminder switch, one-click
 * unsubscribe, and the jobs that run later (reminders) beside the mail outbox.
 */
export async function up(db: Kysely<any>) {
  // The reminder switch (1 on, 0 off: an integer reads the same on both engines) and two
  // capability tokens: the calendar feed's (reset makes a new one) and the unsubscribe link's.
  await db.schema
    .alterTable("users")
    .addColumn("emailReminders", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("users").addColumn("calendarToken", "text").execute();
  await db.schema.alterTable("users").addColumn("unsubscribeToken", "text").execute();
  await db.schema
    .createIndex("users_calendar_token")
    .unique()
    .on("users")
    .column("calendarToken")
    .execute();
  await db.schema
    .createIndex("users_unsubscribe_token")
    .unique()
    .on("users")
    .column("unsubscribeToken")
    .execute();

  // One row per person and saved event: the key makes saving twice harmless.
  await db.schema
    .createTable("saves")
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("saves_pk", ["userId", "eventId"])
    .execute();
  await db.schema
    .createIndex("saves_event")
    .on("saves")
    .columns(["eventId", "createdAt"])
    .execute();

  // Extra headers of a mail (List-Unsubscribe …), as JSON.
  await db.schema.alterTable("mailOutbox").addColumn("headers", "text").execute();

  // Work to do at a moment: claimed, locked, retried like the outbox's mails. `key` names the
  // job so scheduling again moves it instead of adding a second one; past `notAfter` it is
  // skipped rather than run late.
  await db.schema
    .createTable("jobs")
    .addColumn("id", "integer", serialKey(db))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("nextAttemptAt", "text", (c) => c.notNull())
    .addColumn("notAfter", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lockedUntil", "text")
    .addColumn("doneAt", "text")
    .addColumn("lastError", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["doneAt", "nextAttemptAt"]).execute();

  // The ledger of reminders sent: one row per person, event, kind and moment, so a reminder
  // goes out once however many workers run its job, however often.
  await db.schema
    .createTable("reminderSends")
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("moment", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("reminder_sends_pk", ["userId", "eventId", "kind", "moment"])
    .execute();
}
