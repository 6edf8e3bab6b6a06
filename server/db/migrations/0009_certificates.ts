import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Certificates (SPEC-2 §5). The id is 128 random bits, base64url: the public verification link.
 * What is printed (names, event, organisation, logo) is copied at issue time, so a certificate
 * reads the same however the event or the profile changes later.
 * `rank` is 0 for participation, so one unique key covers both kinds: a person holds at most one
 * certificate per event, kind and rank, revoked or not, whoever issues and however often.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("certificates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id"))
    .addColumn("eventNumber", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("registrationId", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("recipientName", "text", (c) => c.notNull())
    .addColumn("eventName", "text", (c) => c.notNull())
    .addColumn("organisationName", "text", (c) => c.notNull())
    .addColumn("eventLogo", "text")
    .addColumn("issuedAt", "text", (c) => c.notNull())
    .addColumn("revokedAt", "text")
    .addColumn("pdfKey", "text")
    .execute();
  await db.schema
    .createIndex("certificates_once")
    .on("certificates")
    .columns(["eventId", "userId", "kind", "rank"])
    .unique()
    .execute();
  await db.schema
    .createIndex("certificates_user")
    .on("certificates")
    .columns(["userId", "issuedAt"])
    .execute();
}
