import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * A registration's quiz attempts found from the registration: a quiz call reads the caller's
 * attempts joined from their registration, and the unique key (eventId, roundId,
 * registrationId) does not lead with it. Without this index PostgreSQL, planning on the
 * statistics of a table that was empty minutes before, walked every attempt of the round for
 * each answer in a 2,000-student rush.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("quizAttempts_by_registration")
    .on("quizAttempts")
    .columns(["registrationId", "roundId"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("quizAttempts_by_registration").execute();
}
