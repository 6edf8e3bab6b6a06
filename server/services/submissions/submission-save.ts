/**
 * POST /event/{n}/rounds/{i}/submission (SPEC-3 §2): one submission per registration and round,
 * written by one upsert statement, so members saving at once keep one row whose `version`
 * counts every save (the last save's fields win). The first save mails every member.
 */
import { sql } from "kysely";
import { type Submission, submissionSchema } from "#server/contracts/submissions";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { newPublicId } from "#server/lib/crypto";
import { parseBody } from "#server/lib/errors";
import { submissionReceivedMail } from "#server/mail/submission-mails";
import { refuseUnlessTakingPart, takePart } from "#server/services/rounds/participation";
import { visibleEvent } from "#server/services/team/permissions";
import { cleanName, pendingUploadFor } from "#server/services/uploads/pending-uploads";
import { storeSubmissionFile } from "#server/services/uploads/uploads";
import { submissionQuery, toSubmission } from "./submission-read";

type SaveDeps = Pick<Deps, "db" | "storage" | "clock" | "mail" | "config">;

/** The file a save brings: a new one, a kept (pending) one, or none (keep or remove what is saved). */
async function fileOfSave(
  deps: SaveDeps,
  input: { file?: File },
  pending: { key: string; fileName: string } | null,
) {
  if (input.file) {
    const stored = await storeSubmissionFile(deps, input.file);
    return { fileKey: stored.key, fileName: cleanName(input.file.name), fileSize: stored.size };
  }
  if (!pending) return null;
  const upload = await deps.db
    .selectFrom("uploads")
    .select("size")
    .where("key", "=", pending.key)
    .executeTakeFirstOrThrow();
  return { fileKey: pending.key, fileName: pending.fileName, fileSize: Number(upload.size) };
}

export async function saveSubmission(
  deps: SaveDeps,
  user: UserRow,
  eventNumber: string,
  indexParam: string,
  body: Record<string, unknown>,
): Promise<{ created: boolean; submission: Submission }> {
  const event = await visibleEvent(deps, eventNumber, user);
  const taking = await takePart(deps, user, event, indexParam, "submission");
  refuseUnlessTakingPart(taking);
  const { round, registration, index } = taking;
  const pending = await pendingUploadFor(deps, user, body, "submission");
  const saved = await deps.db
    .selectFrom("submissions")
    .select("fileKey")
    .where("eventId", "=", event.id)
    .where("roundId", "=", round._id)
    .where("registrationId", "=", registration.id)
    .executeTakeFirst();
  const input = parseBody(
    submissionSchema({
      requireLink: round.requireLink,
      requireFile: round.requireFile,
      hasFile: !!saved?.fileKey || !!pending,
    }),
    body,
  );
  const file = await fileOfSave(deps, input, pending);
  // Without a new file the saved one stays, unless `removeFile`.
  const replaceFile = !!file || !!input.removeFile;
  const now = deps.clock.now().toISOString();
  const { row, version } = await deps.db.transaction().execute(async (trx) => {
    const { version } = await trx
      .insertInto("submissions")
      .values({
        id: newPublicId(),
        eventId: event.id,
        roundId: round._id,
        registrationId: registration.id,
        title: input.title,
        description: input.description,
        links: JSON.stringify(input.links),
        fileKey: file?.fileKey ?? null,
        fileName: file?.fileName ?? null,
        fileSize: file?.fileSize ?? null,
        version: 1,
        submittedAt: now,
        updatedAt: now,
        updatedBy: user.id,
      })
      .onConflict((oc) =>
        oc.columns(["eventId", "roundId", "registrationId"]).doUpdateSet((eb) => ({
          title: eb.ref("excluded.title"),
          description: eb.ref("excluded.description"),
          links: eb.ref("excluded.links"),
          version: sql<number>`${sql.ref("submissions.version")} + 1`,
          updatedAt: eb.ref("excluded.updatedAt"),
          updatedBy: eb.ref("excluded.updatedBy"),
          ...(replaceFile
            ? {
                fileKey: eb.ref("excluded.fileKey"),
                fileName: eb.ref("excluded.fileName"),
                fileSize: eb.ref("excluded.fileSize"),
              }
            : {}),
        })),
      )
      .returning("version")
      .executeTakeFirstOrThrow();
    // Only the save that inserted the row sees version 1: the first save mails every member.
    if (Number(version) === 1) {
      const members = await trx
        .selectFrom("registrationMembers as m")
        .innerJoin("users as u", "u.id", "m.userId")
        .select(["u.email", "u.firstName"])
        .where("m.registrationId", "=", registration.id)
        .orderBy("u.id")
        .execute();
      await deps.mail.queue(
        trx,
        members.map((m) =>
          submissionReceivedMail(
            deps.config.appUrl,
            m,
            event,
            { index, title: round.title },
            input.title,
          ),
        ),
      );
    }
    const row = await submissionQuery(trx, event.id, round._id)
      .where("s.registrationId", "=", registration.id)
      .executeTakeFirstOrThrow();
    return { row, version: Number(version) };
  });
  deps.mail.poke();
  return {
    created: version === 1,
    submission: toSubmission(row, event.eventNumber, index),
  };
}
