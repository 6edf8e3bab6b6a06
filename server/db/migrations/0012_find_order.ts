import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A second FTS5 trigram index for the search list (SQLite only), holding published events only,
 * keyed in the list's order so a page is read from the index and stops after itself.
 *
 * rowid = bucket × 2^31 + id, where bucket is the registration deadline in whole seconds since
 * 2000-01-01 (clamped to 0 … 2^31 − 1; none is 0). FTS5 returns a match's rowids in order and
 * honours rowid ranges, so "open events by deadline" is a rowid range walked upwards and
 * "closed ones, latest first" the range below walked downwards. Events sharing a second are
 * put in order by the query (deadline, then number). Contentless: only rowids come back; the
 * event is its low 31 bits (ids stay below 2^31).
 */
const KEY = (row: "new" | "old") =>
  sql.raw(
    `(max(0, min(2147483647, coalesce(unixepoch(${row}."endDate"), 946684800) - 946684800)) * 2147483648 + ${row}."id")`,
  );

export async function up(db: Kysely<any>) {
  if (isPostgres(db)) return;
  await sql`create virtual table "eventsFind" using fts5(
    "eventName", "festivalName", "organisationName",
    content='', contentless_delete=1, tokenize='trigram'
  )`.execute(db);
  await sql`create trigger events_find_insert after insert on events when new."status" = 'active' begin
    insert into "eventsFind"(rowid, "eventName", "festivalName", "organisationName")
    values (${KEY("new")}, new."eventName", new."festivalName", new."organisationName");
  end`.execute(db);
  await sql`create trigger events_find_delete after delete on events when old."status" = 'active' begin
    delete from "eventsFind" where rowid = ${KEY("old")};
  end`.execute(db);
  await sql`create trigger events_find_update after update of "status", "endDate", "eventName", "festivalName", "organisationName" on events begin
    delete from "eventsFind" where old."status" = 'active' and rowid = ${KEY("old")};
    insert into "eventsFind"(rowid, "eventName", "festivalName", "organisationName")
    select ${KEY("new")}, new."eventName", new."festivalName", new."organisationName"
    where new."status" = 'active';
  end`.execute(db);
  await sql`insert into "eventsFind"(rowid, "eventName", "festivalName", "organisationName")
    select ${KEY("new")}, "eventName", "festivalName", "organisationName" from events new
    where "status" = 'active'`.execute(db);
}
