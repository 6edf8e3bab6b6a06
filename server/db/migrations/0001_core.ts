import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

// Frozen: this migration has shipped. It imports nothing of the application, so later changes
// to the code cannot change what it did; a new change is a new file.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer key, spelled the way each engine wants it. */
function serialKey(db: Kysely<any>) {
  return (c: ColumnDefinitionBuilder) =>
    isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("passwordHash", "text")
    .addColumn("emailVerifiedAt", "text")
    .addColumn("firstName", "text", (c) => c.notNull())
    .addColumn("lastName", "text")
    .addColumn("gender", "text")
    .addColumn("course", "text")
    .addColumn("courseSpecialisation", "text")
    .addColumn("collegeName", "text")
    .addColumn("location", "text")
    .addColumn("profileImg", "text")
    .addColumn("googleSub", "text", (c) => c.unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("userId").execute();

  await db.schema
    .createTable("tokens")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("usedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tokens_user").on("tokens").columns(["userId", "purpose"]).execute();

  await db.schema
    .createTable("events")
    .addColumn("id", "integer", serialKey(db))
    .addColumn("eventNumber", "text", (c) => c.notNull().unique())
    .addColumn("madeBy", "text", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("eventType", "text")
    .addColumn("eventName", "text")
    .addColumn("organisationName", "text")
    .addColumn("festivalName", "text")
    .addColumn("eventWebsite", "text")
    .addColumn("modeOfEvent", "text")
    .addColumn("countryName", "text")
    .addColumn("stateName", "text")
    .addColumn("cityName", "text")
    .addColumn("locationName", "text")
    .addColumn("aboutEvent", "text")
    .addColumn("participationType", "text")
    .addColumn("minTeam", "integer")
    .addColumn("maxTeam", "integer")
    .addColumn("startDate", "text")
    .addColumn("endDate", "text")
    .addColumn("contactDetails", "text")
    .addColumn("importantDates", "text")
    .addColumn("eventBrochureTitle", "text")
    .addColumn("eventBrochure", "text")
    .addColumn("eventLogo", "text")
    .addColumn("eventBanner", "text")
    .addColumn("rounds", "text")
    .addColumn("prizes", "text")
    .addColumn("firstPrize", "integer")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addColumn("publishedAt", "text")
    .execute();
  await db.schema
    .createIndex("events_made_by")
    .on("events")
    .columns(["madeBy", "updatedAt"])
    .execute();
  await db.schema
    .createIndex("events_listing")
    .on("events")
    .columns(["status", "endDate"])
    .execute();
  await db.schema
    .createIndex("events_type_mode")
    .on("events")
    .columns(["status", "eventType", "modeOfEvent", "endDate"])
    .execute();

  await db.schema
    .createTable("uploads")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("contentType", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("mailOutbox")
    .addColumn("id", "integer", serialKey(db))
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "text", (c) => c.notNull())
    .addColumn("lockedUntil", "text")
    .addColumn("sentAt", "text")
    .addColumn("lastError", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mail_due")
    .on("mailOutbox")
    .columns(["sentAt", "nextAttemptAt"])
    .execute();

  await db.schema
    .createTable("rateLimits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("windowStart", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("feedback")
    .addColumn("id", "integer", serialKey(db))
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("rating", "integer")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
}
