import { type Kysely, PostgresAdapter } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Organisations (SPEC-4 §4): a club, society or college body, its handle a row of `handles`
 * (0027) repeated here (unique). Its owner is `ownerId`; its admins are `orgAdmins` rows. A
 * follower is an `orgFollows` row, whose key makes following once per person: `followers` is
 * counted from it, so it is exact under any number of parallel follows. An event hosted under an
 * organisation names it in `events.orgId`; its owner and admins are admins of the event.
 * `users.emailFollowing` is the 'E-mails from organisations I follow' switch (on by default).
 */
export async function up(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("organisations")
    .addColumn("id", "integer", (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("handle", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("college", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("about", "text")
    .addColumn("logo", "text")
    .addColumn("website", "text")
    .addColumn("instagram", "text")
    .addColumn("verifiedDomain", "text")
    .addColumn("ownerId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("organisations_owner")
    .on("organisations")
    .column("ownerId")
    .execute();
  await db.schema
    .createTable("orgAdmins")
    .addColumn("orgId", "integer", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("addedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("org_admins_pk", ["orgId", "userId"])
    .execute();
  await db.schema.createIndex("org_admins_user").on("orgAdmins").column("userId").execute();
  await db.schema
    .createTable("orgFollows")
    .addColumn("orgId", "integer", (c) =>
      c.notNull().references("organisations.id").onDelete("cascade"),
    )
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("org_follows_pk", ["orgId", "userId"])
    .execute();
  await db.schema.createIndex("org_follows_user").on("orgFollows").column("userId").execute();
  await db.schema
    .alterTable("events")
    .addColumn("orgId", "integer", (c) => c.references("organisations.id"))
    .execute();
  await db.schema.createIndex("events_org").on("events").column("orgId").execute();
  await db.schema
    .alterTable("users")
    .addColumn("emailFollowing", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("users").dropColumn("emailFollowing").execute();
  await db.schema.dropIndex("events_org").execute();
  await db.schema.alterTable("events").dropColumn("orgId").execute();
  await db.schema.dropTable("orgFollows").execute();
  await db.schema.dropTable("orgAdmins").execute();
  await db.schema.dropTable("organisations").execute();
}
