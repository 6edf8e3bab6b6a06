import { sql } from "kysely";
import type { EventData } from "#server/contracts/event-shape";
import { NOT_OPEN_YET } from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict } from "#server/lib/errors";
import { eventJson } from "#server/services/events/event-json";
import { recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";

/**
 * POST /event/{n}/close-registration (issue 45): the registration window ends now. One guarded
 * update: only an open window moves, so two at once close it once; closed already is 200 as is.
 */
export async function closeRegistration(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
): Promise<EventData> {
  const access = await requireRight(deps, user, eventNumber, "event.edit");
  const now = deps.clock.now().toISOString();
  const { event } = access;
  if (event.startDate && event.startDate > now) throw conflict(NOT_OPEN_YET);
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("events")
      .set({
        endDate: now,
        version: sql<number>`${sql.ref("version")} + 1`,
        updatedAt: now,
      })
      .where("id", "=", event.id)
      .where((eb) => eb.or([eb("endDate", "is", null), eb("endDate", ">", now)]))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0)
      await recordActivity(trx, deps, access, "registration.closed", "closed registration");
  });
  const saved = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("id", "=", event.id)
    .executeTakeFirstOrThrow();
  return eventJson(deps.db, saved);
}
