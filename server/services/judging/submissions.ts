/**
 * The round's submissions as judging shows them: in full to the owner and admins (the
 * leaderboard), and to a judge without names when judging is blind. Neither carries a registrant's
 * e-mail or phone.
 */
import type { JudgeSubmission, RoundSubmission } from "#server/contracts/judging";
import type { Db } from "#server/db/connect";
import type { EventRow } from "#server/db/schema";

export function forJudge(s: RoundSubmission, blind: boolean): JudgeSubmission {
  return blind ? { ...s, name: null, updatedBy: null } : s;
}

function query(db: Db, event: EventRow) {
  return db
    .selectFrom("submissions as s")
    .innerJoin("registrations as r", "r.id", "s.registrationId")
    .innerJoin("users as leader", "leader.id", "r.leaderId")
    .innerJoin("users as by", "by.id", "s.updatedBy")
    .select([
      "s.id",
      "s.registrationId",
      "s.title",
      "s.description",
      "s.links",
      "s.fileKey",
      "s.fileName",
      "s.fileSize",
      "s.version",
      "s.submittedAt",
      "s.updatedAt",
      "r.type",
      "r.teamName",
      "leader.firstName as leaderFirst",
      "leader.lastName as leaderLast",
      "by.firstName as byFirst",
      "by.lastName as byLast",
    ])
    .where("s.eventId", "=", event.id)
    .orderBy("s.submittedAt")
    .orderBy("s.id");
}

type Row = Awaited<ReturnType<ReturnType<typeof query>["execute"]>>[number];

function toJson(event: EventRow, r: Row): RoundSubmission {
  const fullName = [r.leaderFirst, r.leaderLast].filter(Boolean).join(" ");
  return {
    _id: r.id,
    registrationId: r.registrationId,
    name: r.type === "team" && r.teamName ? r.teamName : fullName,
    title: r.title,
    description: r.description,
    links: JSON.parse(r.links) as string[],
    file:
      r.fileKey && r.fileName
        ? {
            name: r.fileName,
            size: r.fileSize ?? 0,
            url: `/api/v1/event/${event.eventNumber}/submissions/${r.id}/file`,
          }
        : null,
    version: r.version,
    submittedAt: r.submittedAt,
    updatedAt: r.updatedAt,
    updatedBy: { firstName: r.byFirst, lastName: r.byLast ?? "" },
  };
}

/** Every submission of the round, in the order they came. */
export async function roundSubmissions(
  db: Db,
  event: EventRow,
  roundId: string,
): Promise<RoundSubmission[]> {
  const rows = await query(db, event).where("s.roundId", "=", roundId).execute();
  return rows.map((r) => toJson(event, r));
}

/** The submissions assigned to a judge, in the order they came. */
export async function assignedTo(
  db: Db,
  event: EventRow,
  judgingId: string,
  judgeId: string,
): Promise<RoundSubmission[]> {
  const rows = await query(db, event)
    .where("s.id", "in", (eb) =>
      eb
        .selectFrom("judgingAssignments")
        .select("submissionId")
        .where("judgingId", "=", judgingId)
        .where("judgeId", "=", judgeId),
    )
    .execute();
  return rows.map((r) => toJson(event, r));
}
