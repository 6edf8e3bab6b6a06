import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Quiz rounds (SPEC-3 §4). The rules that must hold however many people press at once live here,
 * on both engines:
 * - one quiz per round (`quizzes` keyed by event and the round's `_id`), its questions as JSON;
 * - one attempt per registration and round (`quizAttempts_one_per_registration`): two members
 *   of a team starting at once get one attempt between them;
 * - one answer per attempt and question (`quizAnswers` keyed by both), upserted in one statement.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("quizzes")
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("roundId", "text", (c) => c.notNull())
    .addColumn("timeLimitMinutes", "integer", (c) => c.notNull())
    .addColumn("shuffle", "integer", (c) => c.notNull())
    .addColumn("questions", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addColumn("updatedBy", "text", (c) => c.notNull().references("users.id"))
    .addPrimaryKeyConstraint("quizzes_one_per_round", ["eventId", "roundId"])
    .execute();

  await db.schema
    .createTable("quizAttempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("roundId", "text", (c) => c.notNull())
    .addColumn("registrationId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id"))
    .addColumn("startedAt", "text", (c) => c.notNull())
    .addColumn("deadline", "text", (c) => c.notNull())
    .addColumn("submittedAt", "text")
    .addColumn("finishedAt", "text")
    .addUniqueConstraint("quizAttempts_one_per_registration", [
      "eventId",
      "roundId",
      "registrationId",
    ])
    .execute();

  await db.schema
    .createTable("quizAnswers")
    .addColumn("attemptId", "text", (c) =>
      c.notNull().references("quizAttempts.id").onDelete("cascade"),
    )
    .addColumn("questionId", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("savedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("quizAnswers_one_per_question", ["attemptId", "questionId"])
    .execute();
}
