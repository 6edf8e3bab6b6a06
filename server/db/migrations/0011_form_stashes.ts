import type { Kysely } from "kysely";

// Frozen once shipped: it imports nothing of the application, so later changes to the code cannot
// change what it did; a new change is a new file.

// What a creation step held when its save arrived after the session had ended (issue 11): the
// form's text fields, kept for an hour so the step comes back filled in after logging in. Found
// by the SHA-256 of a random token in an HttpOnly cookie, bound to the event number and the form
// (step or panel), and to the user of the ended session when its row still names one.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("formStashes")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("eventNumber", "text", (c) => c.notNull())
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  // The sweep deletes by expiry.
  await db.schema
    .createIndex("formStashes_expiresAt")
    .on("formStashes")
    .column("expiresAt")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("formStashes").execute();
}
