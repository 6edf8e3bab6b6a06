import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Issue 45: an update is mailed to an audience (everyone registered, those still in the running,
 * those checked in) and its text may be edited after: who it went to, and when it was edited.
 * Updates posted before this were mailed to everyone.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("announcements")
    .addColumn("audience", "text", (c) => c.notNull().defaultTo("all"))
    .execute();
  await db.schema.alterTable("announcements").addColumn("editedAt", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("announcements").dropColumn("editedAt").execute();
  await db.schema.alterTable("announcements").dropColumn("audience").execute();
}
