import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration has shipped. It imports nothing of the application, so later changes
// to the code cannot change what it did; a new change is a new file.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// Case-insensitive substring search over name, festival and organisation that stays fast at
// 100,000 events: an FTS5 trigram index on SQLite (kept in step by triggers), trigram GIN
// indexes on PostgreSQL (pg_trgm).
export async function up(db: Kysely<any>) {
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const col of ["eventName", "festivalName", "organisationName"]) {
      await sql`create index ${sql.id(`events_trgm_${col}`)} on events using gin (lower(${sql.ref(col)}) gin_trgm_ops)`.execute(
        db,
      );
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
}
