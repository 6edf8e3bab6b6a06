import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Pending uploads: a valid file that came with a form refused for another field (or with a
 * reload such as "Add date"), stored already and kept for its user for a short while, so the
 * next submission names its id instead of asking for the file again. `id` is 128 random bits
 * (base64url); `key` is the stored file's key in `uploads`; expired rows are swept on write.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("pendingUploads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fileName", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pending_uploads_expiry")
    .on("pendingUploads")
    .column("expiresAt")
    .execute();
}
