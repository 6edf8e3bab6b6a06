/** Issue 45: a posted update's text corrected, or the update taken down. Neither mails anyone. */
import {
  ANNOUNCEMENT_NOT_FOUND,
  type Announcement,
  announcementEditSchema,
} from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound, parseBody } from "#server/lib/errors";
import { recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";
import { toAnnouncement } from "./announcements";

type EditDeps = Pick<Deps, "db" | "clock">;

/** The update's id from the path: digits only, else it is not found. */
function idOf(param: string): number {
  if (!/^\d{1,12}$/.test(param)) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  return Number(param);
}

/** POST /event/{n}/announcements/{id}: new title and message; the update is not mailed again. */
export async function editAnnouncement(
  deps: EditDeps,
  user: UserRow,
  eventNumber: string,
  idParam: string,
  body: unknown,
): Promise<Announcement> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const id = idOf(idParam);
  const input = parseBody(announcementEditSchema, body);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("announcements")
      .set({
        title: input.title,
        message: input.message,
        editedAt: deps.clock.now().toISOString(),
      })
      .where("id", "=", id)
      .where("eventId", "=", access.event.id)
      .returning(["id", "title", "message", "createdAt", "audience", "editedAt"])
      .executeTakeFirst();
    if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    await recordActivity(
      trx,
      deps,
      access,
      "announcement.edited",
      `edited the announcement '${input.title}'`,
    );
    return toAnnouncement(row);
  });
}

/** POST /event/{n}/announcements/{id}/delete: off the event page; mails already sent stay sent. */
export async function deleteAnnouncement(
  deps: EditDeps,
  user: UserRow,
  eventNumber: string,
  idParam: string,
): Promise<{ deleted: number }> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const id = idOf(idParam);
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("announcements")
      .where("id", "=", id)
      .where("eventId", "=", access.event.id)
      .returning(["id", "title"])
      .executeTakeFirst();
    if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    await recordActivity(
      trx,
      deps,
      access,
      "announcement.deleted",
      `deleted the announcement '${row.title}'`,
    );
    return { deleted: row.id };
  });
}
