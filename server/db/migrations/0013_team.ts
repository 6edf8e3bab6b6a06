import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * The organising team (SPEC-3 §1). The owner is the event's `madeBy` and has no row here, so the
 * owner is always the creator by construction. `eventOrganisers` holds admins, judges and
 * volunteers: one membership per person and event (primary key). `organiserInvites` keeps every
 * invitation; a partial unique index allows one pending invitation (neither accepted nor
 * cancelled) per event and lower-cased address, on SQLite and PostgreSQL alike. `eventActivity`
 * is the team's log, read newest first by (eventId, id).
 */
function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Deleting an event (owner only, no registrations) takes its team, invitations and log along. */
const eventRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references("events.id").onDelete("cascade");

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("eventOrganisers")
    .addColumn("eventId", "integer", eventRef)
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("joinedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("eventOrganisers_pk", ["eventId", "userId"])
    .execute();
  await db.schema
    .createIndex("eventOrganisers_user")
    .on("eventOrganisers")
    .columns(["userId", "eventId"])
    .execute();

  await db.schema
    .createTable("organiserInvites")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", eventRef)
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("invitedBy", "text", (c) => c.notNull().references("users.id"))
    .addColumn("invitedAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("cancelledAt", "text")
    .addColumn("acceptedAt", "text")
    .execute();
  await db.schema
    .createIndex("organiserInvites_pending")
    .on("organiserInvites")
    .columns(["eventId", "email"])
    .unique()
    .where(sql.ref("cancelledAt"), "is", null)
    .where(sql.ref("acceptedAt"), "is", null)
    .execute();

  await db.schema
    .createTable("eventActivity")
    .addColumn("id", "integer", (c) =>
      isPostgres(db)
        ? c.primaryKey().generatedByDefaultAsIdentity()
        : c.primaryKey().autoIncrement(),
    )
    .addColumn("eventId", "integer", eventRef)
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actorId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("actorRole", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("eventActivity_page")
    .on("eventActivity")
    .columns(["eventId", "id"])
    .execute();
}
