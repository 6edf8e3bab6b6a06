import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  sql,
} from "kysely";

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer key, spelled the way each engine wants it. */
function serialKey(db: Kysely<any>) {
  return (c: ColumnDefinitionBuilder) =>
    isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

/**
 * Migrations live in code so the same list runs on SQLite and PostgreSQL, on start and by
 * `npm run db:migrate`. Append new ones; never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  "0001_core": {
    async up(db: Kysely<any>) {
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
      await db.schema.createIndex("events_made_by").on("events").columns(["madeBy", "updatedAt"]).execute();
      await db.schema.createIndex("events_listing").on("events").columns(["status", "endDate"]).execute();
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
      await db.schema.createIndex("mail_due").on("mailOutbox").columns(["sentAt", "nextAttemptAt"]).execute();

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
    },
  },
  "0002_search": {
    // Case-insensitive substring search over name, festival and organisation that stays fast at
    // 100,000 events: an FTS5 trigram index on SQLite (kept in step by triggers), trigram GIN
    // indexes on PostgreSQL (pg_trgm).
    async up(db: Kysely<any>) {
      if (isPostgres(db)) {
        await sql`create extension if not exists pg_trgm`.execute(db);
        for (const col of ["eventName", "festivalName", "organisationName"]) {
          await sql`create index ${sql.id(`events_trgm_${col}`)} on events using gin (lower(${sql.ref(col)}) gin_trgm_ops)`.execute(db);
        }
        return;
      }
      await sql`create virtual table "eventsSearch" using fts5(
        "eventName", "festivalName", "organisationName",
        content='events', content_rowid='id', tokenize='trigram'
      )`.execute(db);
      await sql`create trigger events_search_insert after insert on events begin
        insert into "eventsSearch"(rowid, "eventName", "festivalName", "organisationName")
        values (new.id, new."eventName", new."festivalName", new."organisationName");
      end`.execute(db);
      await sql`create trigger events_search_delete after delete on events begin
        insert into "eventsSearch"("eventsSearch", rowid, "eventName", "festivalName", "organisationName")
        values ('delete', old.id, old."eventName", old."festivalName", old."organisationName");
      end`.execute(db);
      await sql`create trigger events_search_update after update of "eventName", "festivalName", "organisationName" on events begin
        insert into "eventsSearch"("eventsSearch", rowid, "eventName", "festivalName", "organisationName")
        values ('delete', old.id, old."eventName", old."festivalName", old."organisationName");
        insert into "eventsSearch"(rowid, "eventName", "festivalName", "organisationName")
        values (new.id, new."eventName", new."festivalName", new."organisationName");
      end`.execute(db);
      await sql`insert into "eventsSearch"("eventsSearch") values ('rebuild')`.execute(db);
    },
  },
  "0003_listing_indexes": {
    // Lists read index-ordered ranges: by deadline within a type or a mode, and newest first.
    async up(db: Kysely<any>) {
      await db.schema.createIndex("events_type_deadline").on("events").columns(["status", "eventType", "endDate"]).execute();
      await db.schema.createIndex("events_mode_deadline").on("events").columns(["status", "modeOfEvent", "endDate"]).execute();
      await db.schema.createIndex("events_newest").on("events").columns(["status", "publishedAt"]).execute();
      // Searches of one or two characters are below the trigram indexes: on SQLite they scan this
      // narrow index instead of the wide rows. (PostgreSQL would prefer it to its trigram indexes.)
      if (!isPostgres(db)) await db.schema
        .createIndex("events_text")
        .on("events")
        .columns(["status", "eventName", "festivalName", "organisationName", "endDate"])
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/**
 * Quick probe for /health: can the database take a write now? On PostgreSQL a round trip says so.
 * SQLite in WAL mode keeps answering reads while another process holds the write lock (a stuck
 * writer, a backup), so it briefly takes the write lock itself, waiting at most 200 ms instead of
 * the usual busy timeout (better-sqlite3 waits synchronously, holding up every other request).
 */
export async function pingDb(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`select 1`.execute(db);
    return;
  }
  await db.connection().execute(async (conn) => {
    const [{ timeout }] = (await sql<{ timeout: number }>`pragma busy_timeout`.execute(conn)).rows;
    await sql.raw("pragma busy_timeout = 200").execute(conn);
    try {
      await sql`begin immediate`.execute(conn);
      await sql`rollback`.execute(conn);
    } finally {
      await sql.raw(`pragma busy_timeout = ${Number(timeout)}`).execute(conn);
    }
  });
}
