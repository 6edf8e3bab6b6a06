import { type Kysely, PostgresAdapter } from "kysely";

// Frozen: this migration has shipped. It imports nothing of the application, so later changes
// to the code cannot change what it did; a new change is a new file.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// Lists read index-ordered ranges: by deadline within a type or a mode, and newest first.
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("events_type_deadline")
    .on("events")
    .columns(["status", "eventType", "endDate"])
    .execute();
  await db.schema
    .createIndex("events_mode_deadline")
    .on("events")
    .columns(["status", "modeOfEvent", "endDate"])
    .execute();
  await db.schema
    .createIndex("events_newest")
    .on("events")
    .columns(["status", "publishedAt"])
    .execute();
  // Searches of one or two characters are below the trigram indexes: on SQLite they scan this
  // narrow index instead of the wide rows. (PostgreSQL would prefer it to its trigram indexes.)
  if (!isPostgres(db))
    await db.schema
      .createIndex("events_text")
      .on("events")
      .columns(["status", "eventName", "festivalName", "organisationName", "endDate"])
      .execute();
}
