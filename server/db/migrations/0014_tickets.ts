import { type Kysely, sql } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Tickets and check-in (SPEC-3 §5). The rules that must hold whatever the number of devices
 * scanning at once live here, on both engines:
 * - one key pair per event (`eventKeys` keyed by the event); the private key never leaves the server;
 *   everything here goes with its event (a deleted draft has no registrations, but may have keys);
 * - one live ticket per person and event (a partial unique index on tickets not cancelled), a
 *   short code unique in the event, cancelled tickets kept so their codes are refused;
 * - one check-in per person and event (`checkIns` keyed by event and person);
 * - one answer per nonce and event (`checkInNonces` keyed by event and nonce): a retry reads it.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("eventKeys")
    .addColumn("eventId", "integer", (c) =>
      c.primaryKey().references("events.id").onDelete("cascade"),
    )
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("privateKey", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tickets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("registrationId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("shortCode", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("cancelledAt", "text")
    .addUniqueConstraint("tickets_short_code", ["eventId", "shortCode"])
    .execute();
  await db.schema
    .createIndex("tickets_one_live")
    .on("tickets")
    .columns(["eventId", "userId"])
    .unique()
    .where(sql.ref("cancelledAt"), "is", null)
    .execute();

  await db.schema
    .createTable("checkIns")
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("checkedInAt", "text", (c) => c.notNull())
    .addColumn("byUserId", "text", (c) => c.notNull().references("users.id"))
    .addPrimaryKeyConstraint("checkIns_one_per_person", ["eventId", "userId"])
    .execute();
  await db.schema
    .createIndex("checkIns_event_time")
    .on("checkIns")
    .columns(["eventId", "checkedInAt"])
    .execute();

  await db.schema
    .createTable("checkInNonces")
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("checkInNonces_one_per_event", ["eventId", "nonce"])
    .execute();
}
