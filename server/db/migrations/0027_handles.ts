import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * One namespace of handles for people and organisations (SPEC-4 §4, §5): a row per handle taken,
 * pointing at a user (`userId`) or an organisation (`orgId`, its table comes in 0028). The primary
 * key makes a handle taken once whoever asks at the same moment; each person and organisation
 * holds at most one. `users.handle` repeats the person's handle (unique too) so the user object
 * needs no join; both are written in one transaction. `publicProfile` is off (0) by default.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("handles")
    .addColumn("handle", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.unique().references("users.id").onDelete("cascade"))
    .addColumn("orgId", "integer", (c) => c.unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("users").addColumn("handle", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("publicProfile", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("users_handle").unique().on("users").column("handle").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("users_handle").execute();
  await db.schema.alterTable("users").dropColumn("publicProfile").execute();
  await db.schema.alterTable("users").dropColumn("handle").execute();
  await db.schema.dropTable("handles").execute();
}
