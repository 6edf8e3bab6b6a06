import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen once shipped: it imports nothing of the application, so later changes to the code cannot
// change what it did; a new change is a new file.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Registration and teams (SPEC-2 §1, §2). The invariants live here, on both engines:
 * - one registration per person and event: `registrationMembers` is unique on (eventId, userId);
 * - never more registrations than capacity: events check `registrationCount <= capacity`, and the
 *   count moves by guarded updates in the transaction that adds or removes a registration;
 * - never a team without a leader: a registration's (id, leaderId) must be one of its members, a
 *   foreign key checked at commit (deferred), so a leader can be handed over inside a transaction;
 * - never more members than maxTeam: `size` grows by a guarded update (size < the event's maxTeam).
 */
export async function up(db: Kysely<any>) {
  const pg = isPostgres(db);

  // Events made before registration on the platform keep sending people to their website.
  await db.schema
    .alterTable("events")
    .addColumn("registrationMode", "text", (c) => c.notNull().defaultTo("utsav"))
    .execute();
  await db
    .updateTable("events")
    .set({ registrationMode: "website" })
    .where("eventWebsite", "is not", null)
    .where("eventWebsite", "<>", "")
    .execute();
  await db.schema
    .alterTable("events")
    .addColumn("capacity", "integer", (c) => c.check(sql`capacity is null or capacity >= 1`))
    .execute();
  await db.schema
    .alterTable("events")
    .addColumn("registrationCount", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(
          sql`"registrationCount" >= 0 and (capacity is null or "registrationCount" <= capacity)`,
        ),
    )
    .execute();

  // One row per individual registration or per team: the `_id` results, winners and certificates name.
  let registrations = db.schema
    .createTable("registrations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('individual', 'team')`))
    .addColumn("teamName", "text")
    .addColumn("code", "text")
    .addColumn("leaderId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("size", "integer", (c) => c.notNull().defaultTo(1).check(sql`size >= 1`))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("registrations_id_event", ["id", "eventId"])
    .addUniqueConstraint("registrations_code", ["eventId", "code"]);
  // SQLite cannot add a constraint later; it accepts a reference to a table created next.
  if (!pg)
    registrations = registrations.addForeignKeyConstraint(
      "registrations_leader_member",
      ["id", "leaderId"],
      "registrationMembers",
      ["registrationId", "userId"],
      (fk) => fk.deferrable().initiallyDeferred(),
    );
  await registrations.execute();
  await db.schema
    .createIndex("registrations_event_created")
    .on("registrations")
    .columns(["eventId", "createdAt"])
    .execute();

  // One row per person in a registration, with the details they registered with.
  await db.schema
    .createTable("registrationMembers")
    .addColumn("registrationId", "text", (c) => c.notNull())
    .addColumn("eventId", "integer", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("collegeName", "text", (c) => c.notNull())
    .addColumn("course", "text", (c) => c.notNull())
    .addColumn("joinedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("registrationMembers_pk", ["registrationId", "userId"])
    .addUniqueConstraint("registrationMembers_one_per_event", ["eventId", "userId"])
    .addForeignKeyConstraint(
      "registrationMembers_registration",
      ["registrationId", "eventId"],
      "registrations",
      ["id", "eventId"],
      (fk) => fk.onDelete("cascade"),
    )
    .execute();
  await db.schema
    .createIndex("registrationMembers_user")
    .on("registrationMembers")
    .columns(["userId", "joinedAt"])
    .execute();
  if (pg)
    await sql`alter table registrations add constraint registrations_leader_member
      foreign key (id, "leaderId") references "registrationMembers" ("registrationId", "userId")
      deferrable initially deferred`.execute(db);

  // Requests to join a team (SPEC-2 §2), with the details the requester would join with.
  await db.schema
    .createTable("joinRequests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id"))
    .addColumn("registrationId", "text", (c) =>
      c.notNull().references("registrations.id").onDelete("cascade"),
    )
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("collegeName", "text", (c) => c.notNull())
    .addColumn("course", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'accepted', 'declined')`),
    )
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("decidedAt", "text")
    .execute();
  // One pending request per person and team ('You have already asked this team').
  await db.schema
    .createIndex("joinRequests_one_pending")
    .on("joinRequests")
    .columns(["registrationId", "userId"])
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema
    .createIndex("joinRequests_user")
    .on("joinRequests")
    .columns(["userId", "eventId"])
    .execute();

  // The teammates board: a person without a team (registrationId null) or a leader's team.
  await db.schema
    .createTable("teammateListings")
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id"))
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("registrationId", "text", (c) =>
      c.references("registrations.id").onDelete("cascade"),
    )
    .addColumn("pitch", "text", (c) => c.notNull())
    .addColumn("postedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("teammateListings_pk", ["eventId", "userId"])
    .execute();
  await db.schema
    .createIndex("teammateListings_event_posted")
    .on("teammateListings")
    .columns(["eventId", "postedAt"])
    .execute();
}
