import { sql } from "kysely";
import { istDay } from "#server/contracts/dates";
import {
  ANNOUNCEMENTS_PER_DAY,
  type Announcement,
  type Audience,
  announcementSchema,
  TOO_MANY_ANNOUNCEMENTS,
} from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { parseBody, tooManyRequests } from "#server/lib/errors";
import { announcementMail } from "#server/mail/organiser-mails";
import { recordActivity } from "#server/services/team/activity";
import { requireRight, visibleEvent } from "#server/services/team/permissions";
import { audiencePeople } from "./announcement-audience";

type AnnounceDeps = Pick<Deps, "db" | "clock" | "mail" | "config">;

/** Seconds until the next India day, when the per-day limit starts again. */
function secondsToNextDay(now: Date): number {
  const ist = now.getTime() + 330 * 60_000;
  return Math.ceil((86_400_000 - (ist % 86_400_000)) / 1000);
}

/**
 * Posts an update and mails it to its audience (every registered person unless told: issue 45),
 * all in one transaction. The per-day
 * limit is a guarded counter row: the 6th of a day updates nothing, on any number of processes.
 */
export async function postAnnouncement(
  deps: AnnounceDeps,
  user: UserRow,
  eventNumber: string,
  body: unknown,
): Promise<Announcement> {
  const access = await requireRight(deps, user, eventNumber, "organise");
  const { event } = access;
  const input = parseBody(announcementSchema, body);
  const now = deps.clock.now();
  const created = await deps.db.transaction().execute(async (trx) => {
    const quota = await trx
      .insertInto("announcementDays")
      .values({ eventId: event.id, day: istDay(now), count: 1 })
      .onConflict((oc) =>
        oc
          .columns(["eventId", "day"])
          .doUpdateSet({ count: sql<number>`${sql.ref("announcementDays.count")} + 1` })
          .where("announcementDays.count", "<", ANNOUNCEMENTS_PER_DAY),
      )
      .returning("count")
      .executeTakeFirst();
    if (!quota) throw tooManyRequests(secondsToNextDay(now), TOO_MANY_ANNOUNCEMENTS);
    const row = await trx
      .insertInto("announcements")
      .values({
        eventId: event.id,
        title: input.title,
        message: input.message,
        createdAt: now.toISOString(),
        audience: input.audience,
      })
      .returning(["id", "title", "message", "createdAt", "audience", "editedAt"])
      .executeTakeFirstOrThrow();
    await recordActivity(
      trx,
      deps,
      access,
      "announcement.posted",
      `posted the announcement '${input.title}'`,
    );
    for (const person of await audiencePeople(trx, event, input.audience))
      await deps.mail.queue(trx, announcementMail(deps.config.appUrl, person, event, input));
    return row;
  });
  deps.mail.poke();
  return toAnnouncement(created);
}

/** A row as the API answers it. */
export function toAnnouncement(r: {
  id: number;
  title: string;
  message: string;
  createdAt: string;
  audience: string;
  editedAt: string | null;
}): Announcement {
  return {
    _id: r.id,
    title: r.title,
    message: r.message,
    createdAt: r.createdAt,
    audience: r.audience as Audience,
    editedAt: r.editedAt,
  };
}

/** The event's updates, newest first: public for published events, like the event page. */
export async function listAnnouncements(
  deps: Pick<Deps, "db">,
  eventNumber: string,
  viewer: UserRow | null,
): Promise<Announcement[]> {
  const event = await visibleEvent(deps, eventNumber, viewer);
  const rows = await deps.db
    .selectFrom("announcements")
    .select(["id", "title", "message", "createdAt", "audience", "editedAt"])
    .where("eventId", "=", event.id)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toAnnouncement);
}
