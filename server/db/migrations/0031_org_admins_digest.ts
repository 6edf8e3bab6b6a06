import { type Kysely, sql } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Organisations' admins, verification and followers' digest (SPEC-4 §4):
 * - `orgInvites`: an invitation to administer an organisation, by a mailed link (as SPEC-3's
 *   organiser invitations): only the token's hash is kept; a partial unique index allows one
 *   pending invitation (neither accepted nor cancelled) per organisation and lower-cased address.
 * - `orgVerifications`: a mailed link proving a college address; opened by the admin who asked,
 *   within its `expiresAt`, it sets `organisations.verifiedDomain` once (`usedAt`).
 * - `digestSends`: one row per person and India day a digest was queued for; its key makes the
 *   digest go exactly once per person and day whatever the number of processes, since the row
 *   and the mail are written in one transaction.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("orgInvites")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("orgId", "integer", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("invitedBy", "text", (c) => c.notNull().references("users.id"))
    .addColumn("invitedAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("cancelledAt", "text")
    .addColumn("acceptedAt", "text")
    .execute();
  await db.schema
    .createIndex("orgInvites_pending")
    .on("orgInvites")
    .columns(["orgId", "email"])
    .unique()
    .where(sql.ref("cancelledAt"), "is", null)
    .where(sql.ref("acceptedAt"), "is", null)
    .execute();

  await db.schema
    .createTable("orgVerifications")
    .addColumn("tokenHash", "text", (c) => c.primaryKey())
    .addColumn("orgId", "integer", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("college", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("usedAt", "text")
    .execute();

  await db.schema
    .createTable("digestSends")
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("sentAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("digestSends_pk", ["userId", "day"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("digestSends").execute();
  await db.schema.dropTable("orgVerifications").execute();
  await db.schema.dropIndex("orgInvites_pending").execute();
  await db.schema.dropTable("orgInvites").execute();
}
