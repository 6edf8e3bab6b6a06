import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Judging (SPEC-3 §3). The rules that must hold whatever arrives at once live here, on both engines:
 * - one judging per round (`judgings` unique on event and round id); its `state` moves from
 *   "setup" to "open" by one guarded update, so two opens assign once;
 * - a judge once per judging (`judgingJudges` keyed by judging and user);
 * - a submission given to a judge once (`judgingAssignments` keyed by submission and judge), a
 *   conflict declared once (`judgingConflicts`, same key, kept for good so the submission never
 *   comes back to that judge), and one score per judge and submission (`judgingScores`, same key:
 *   a later score replaces it).
 * Everything goes with its event, and a submission's assignments and scores with the submission.
 */
const eventRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references("events.id").onDelete("cascade");
const judgingRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references("judgings.id").onDelete("cascade");
const submissionRef = (c: ColumnDefinitionBuilder) =>
  c.notNull().references("submissions.id").onDelete("cascade");
const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references("users.id");

/** The columns a judge's row on a submission has: the judging, the submission and the judge. */
function judgeOnSubmission<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn("judgingId", "text", judgingRef)
    .addColumn("submissionId", "text", submissionRef)
    .addColumn("judgeId", "text", userRef);
}

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("judgings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", eventRef)
    .addColumn("roundId", "text", (c) => c.notNull())
    .addColumn("criteria", "text", (c) => c.notNull())
    .addColumn("judgesPerSubmission", "integer", (c) => c.notNull())
    .addColumn("blind", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("shareFeedback", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("setup"))
    .addColumn("openedAt", "text")
    .addColumn("closedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("judgings_one_per_round", ["eventId", "roundId"])
    .execute();

  await db.schema
    .createTable("judgingJudges")
    .addColumn("judgingId", "text", judgingRef)
    .addColumn("userId", "text", userRef)
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("judgingJudges_pk", ["judgingId", "userId"])
    .execute();

  await judgeOnSubmission(db.schema.createTable("judgingAssignments"))
    .addPrimaryKeyConstraint("judgingAssignments_pk", ["submissionId", "judgeId"])
    .execute();
  await db.schema
    .createIndex("judgingAssignments_judge")
    .on("judgingAssignments")
    .columns(["judgingId", "judgeId"])
    .execute();

  await judgeOnSubmission(db.schema.createTable("judgingConflicts"))
    .addColumn("declaredAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("judgingConflicts_pk", ["submissionId", "judgeId"])
    .execute();
  await db.schema
    .createIndex("judgingConflicts_judging")
    .on("judgingConflicts")
    .columns(["judgingId"])
    .execute();

  await judgeOnSubmission(db.schema.createTable("judgingScores"))
    .addColumn("scores", "text", (c) => c.notNull())
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("judgingScores_pk", ["submissionId", "judgeId"])
    .execute();
  await db.schema
    .createIndex("judgingScores_judging")
    .on("judgingScores")
    .columns(["judgingId", "judgeId"])
    .execute();
}
