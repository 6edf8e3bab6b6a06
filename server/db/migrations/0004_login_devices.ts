import type { Kysely } from "kysely";

// Frozen once shipped: it imports nothing of the application, so later changes to the code cannot
// change what it did; a new change is a new file.

// Where an account has signed in successfully before: hashes of the client's address and of a
// long-lived device cookie. A login from one of them is not stopped by the per-account limit on
// failed sign-ins (so strangers failing from elsewhere cannot lock the owner out).
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("loginDevices")
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("deviceHash", "text", (c) => c.notNull())
    .addColumn("lastSeenAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("loginDevices_pk", ["userId", "deviceHash"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("loginDevices").execute();
}
