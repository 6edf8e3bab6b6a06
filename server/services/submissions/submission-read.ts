/**
 * Submissions as the API answers them (SPEC-3 §2): the caller's own, the organiser's list with a
 * search, and a submission's file for those allowed to see it.
 */
import type { MySubmission, Submission } from "#server/contracts/submissions";
import type { Db } from "#server/db/connect";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound } from "#server/lib/errors";
import { textMatcher } from "#server/services/registration/registration-data";
import { isJudgeOfRound } from "#server/services/rounds/judges";
import {
  refuseUnlessTakingPart,
  roundOfKind,
  takePart,
} from "#server/services/rounds/participation";
import { can, requireRight, roleOn, visibleEvent } from "#server/services/team/permissions";

/** Submissions with what their answer shows: the team's or the person's name, who saved last. */
export function submissionQuery(db: Db, eventId: number, roundId: string) {
  return (
    db
      .selectFrom("submissions as s")
      .innerJoin("registrations as r", "r.id", "s.registrationId")
      .innerJoin("users as leader", "leader.id", "r.leaderId")
      .innerJoin("users as editor", "editor.id", "s.updatedBy")
      .selectAll("s")
      .select([
        "r.type",
        "r.teamName",
        "leader.firstName as leaderFirstName",
        "leader.lastName as leaderLastName",
        "editor.firstName as byFirstName",
        "editor.lastName as byLastName",
      ])
      .where("s.eventId", "=", eventId)
      .where("s.roundId", "=", roundId)
      // SPEC-4 §2: a registration held for payment is not registered: its submissions wait unseen.
      .where("r.held", "=", 0)
  );
}
export type SubmissionJoined = Awaited<
  ReturnType<ReturnType<typeof submissionQuery>["executeTakeFirstOrThrow"]>
>;

const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(" ");

/** The team's name, or the person's full name. */
export function entrantName(row: SubmissionJoined): string {
  return row.type === "team" && row.teamName
    ? row.teamName
    : fullName(row.leaderFirstName, row.leaderLastName);
}

export function fileUrlOf(eventNumber: string, index: number, submissionId: string): string {
  return `/api/v1/event/${eventNumber}/rounds/${index}/submissions/${submissionId}/file`;
}

export function toSubmission(
  row: SubmissionJoined,
  eventNumber: string,
  index: number,
): Submission {
  let links: string[] = [];
  try {
    const v = JSON.parse(row.links);
    if (Array.isArray(v)) links = v.filter((x): x is string => typeof x === "string");
  } catch {}
  return {
    _id: row.id,
    registrationId: row.registrationId,
    name: entrantName(row),
    title: row.title,
    description: row.description,
    links,
    file:
      row.fileKey && row.fileName
        ? {
            name: row.fileName,
            size: Number(row.fileSize ?? 0),
            url: fileUrlOf(eventNumber, index, row.id),
          }
        : null,
    version: Number(row.version),
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
    updatedBy: { firstName: row.byFirstName, lastName: row.byLastName ?? "" },
  };
}

/** GET /event/{n}/rounds/{i}/submission: may the caller submit now, and what they submitted. */
export async function mySubmission(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
): Promise<MySubmission> {
  const event = await visibleEvent(deps, eventNumber, user);
  const taking = await takePart(deps, user, event, indexParam, "submission");
  const row = taking.registration
    ? await submissionQuery(deps.db, event.id, taking.round._id)
        .where("s.registrationId", "=", taking.registration.id)
        .executeTakeFirst()
    : undefined;
  let message: string | null = null;
  try {
    refuseUnlessTakingPart(taking);
  } catch (err) {
    message = (err as Error).message;
  }
  return {
    open: taking.reason === null,
    reason: taking.reason,
    message,
    submission: row ? toSubmission(row, event.eventNumber, taking.index) : null,
  };
}

/** GET /event/{n}/rounds/{i}/submissions (owner, admins): oldest first, `q` in name or title. */
export async function listSubmissions(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  indexParam: string,
  q: string,
): Promise<Submission[]> {
  const { event } = await requireRight(deps, user, eventNumber, "submissions");
  const { index, round } = roundOfKind(event, indexParam, "submission");
  let query = submissionQuery(deps.db, event.id, round._id);
  if (q) {
    const { has, hasFullName } = textMatcher(q);
    query = query.where((eb) =>
      eb.or([
        has("s.title"),
        has("r.teamName"),
        hasFullName("leader.firstName", "leader.lastName"),
      ]),
    );
  }
  const rows = await query.orderBy("s.submittedAt").orderBy("s.id").execute();
  return rows.map((row) => toSubmission(row, event.eventNumber, index));
}

/** May `user` see the submission's file: its registration's members, owner, admins, its judges. */
async function maySeeFile(
  db: Db,
  event: EventRow,
  roundId: string,
  registrationId: string,
  userId: string,
): Promise<boolean> {
  if (can(await roleOn(db, event, userId), "submissions")) return true;
  const member = await db
    .selectFrom("registrationMembers")
    .select("userId")
    .where("registrationId", "=", registrationId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return !!member || (await isJudgeOfRound({ db }, event.id, roundId, userId));
}

/** A submission's file (its bytes, type and name), or 404 to anyone not allowed to see it. */
export async function submissionFile(
  deps: Pick<Deps, "db" | "storage">,
  user: UserRow | null,
  eventNumber: string,
  indexParam: string,
  submissionId: string,
): Promise<{ bytes: Uint8Array; contentType: string; name: string }> {
  if (!user) throw notFound();
  const event = await visibleEvent(deps, eventNumber, user);
  const { round } = roundOfKind(event, indexParam, "submission");
  const row = await deps.db
    .selectFrom("submissions as s")
    .innerJoin("uploads as u", "u.key", "s.fileKey")
    .select(["s.registrationId", "s.fileKey", "s.fileName", "u.contentType"])
    .where("s.id", "=", submissionId)
    .where("s.eventId", "=", event.id)
    .where("s.roundId", "=", round._id)
    .executeTakeFirst();
  if (!row?.fileKey || !(await maySeeFile(deps.db, event, round._id, row.registrationId, user.id)))
    throw notFound();
  const bytes = await deps.storage.get(row.fileKey);
  if (!bytes) throw notFound();
  return { bytes, contentType: row.contentType, name: row.fileName ?? "file" };
}
