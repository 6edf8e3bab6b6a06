import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";

// Frozen once shipped: imports nothing of the application; a later change is a new file.

/**
 * Round kinds and submissions (SPEC-3 §2).
 * - Every round already saved (rounds are JSON text in `events.rounds`) gets a stable `_id`
 *   (72 random bits, base64url: 12 characters) and `kind: "offline"`, the kind of every round
 *   made before part 3. A round that has them keeps them, so running this twice changes nothing.
 * - `submissions`: one per registration per round, whatever the number of members saving at once
 *   (the unique key below; saves are one upsert statement that counts `version` up).
 */
export async function up(db: Kysely<any>) {
  const events = await db
    .selectFrom("events")
    .select(["id", "rounds"])
    .where("rounds", "is not", null)
    .execute();
  for (const row of events as { id: number; rounds: string | null }[]) {
    let rounds: unknown;
    try {
      rounds = JSON.parse(row.rounds ?? "[]");
    } catch {
      continue;
    }
    if (!Array.isArray(rounds) || rounds.length === 0) continue;
    const given = rounds.map((r) =>
      r && typeof r === "object"
        ? {
            ...r,
            _id: typeof r._id === "string" && r._id ? r._id : randomBytes(9).toString("base64url"),
            kind: typeof r.kind === "string" && r.kind ? r.kind : "offline",
          }
        : r,
    );
    await db
      .updateTable("events")
      .set({ rounds: JSON.stringify(given) })
      .where("id", "=", row.id)
      .execute();
  }

  await db.schema
    .createTable("submissions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("roundId", "text", (c) => c.notNull())
    .addColumn("registrationId", "text", (c) =>
      c.notNull().references("registrations.id").onDelete("cascade"),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("links", "text", (c) => c.notNull())
    .addColumn("fileKey", "text")
    .addColumn("fileName", "text")
    .addColumn("fileSize", "integer")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("submittedAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addColumn("updatedBy", "text", (c) => c.notNull().references("users.id"))
    .addUniqueConstraint("submissions_one_per_round", ["eventId", "roundId", "registrationId"])
    .execute();
  await db.schema
    .createIndex("submissions_round_time")
    .on("submissions")
    .columns(["eventId", "roundId", "submittedAt"])
    .execute();
}
