/** Reading and writing an event row for the hosting saves: ownership, versions, atomic updates. */
import { sql } from "kysely";
import { VERSION_CONFLICT } from "#server/contracts/event";
import type { EventData } from "#server/contracts/event-shape";
import type { EventRow, EventUpdate } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict } from "#server/lib/errors";
import {
  capacityRace,
  checkRegistrationEdit,
} from "#server/services/registration/registration-edit";
import { eventJson } from "./event-json";
import { checkFeeMode, payeeChanges, tellPayeeChange } from "#server/services/payments/event-fees";
import { syncEventReminders } from "#server/services/saves/reminders";
import { type ActivityAction, recordActivity } from "#server/services/team/activity";
import type { Access } from "#server/services/team/permissions";

export type EventDeps = Pick<Deps, "db" | "storage" | "clock" | "config" | "mail">;

export async function findEvent(
  deps: EventDeps,
  eventNumber: string,
): Promise<EventRow | undefined> {
  return deps.db
    .selectFrom("events")
    .selectAll()
    .where("eventNumber", "=", eventNumber)
    .executeTakeFirst();
}

/** What a save records in the team's activity log. */
export interface LogEntry {
  access: Access;
  action: ActivityAction;
  says: string;
}

export function checkVersion(row: EventRow, version: number | undefined): void {
  if (version !== undefined && version !== row.version) throw conflict(VERSION_CONFLICT);
}

/**
 * Writes a save. With the version the form was based on, only if nobody saved since (a stale tab
 * gets 409 and keeps its input); without one (SPEC §7's payloads carry none), the last write wins,
 * and the version still counts every save, atomically, however many arrive at once.
 */
export async function updateEvent(
  deps: EventDeps,
  row: EventRow,
  basedOn: number | undefined,
  changes: EventUpdate,
  log?: LogEntry,
): Promise<EventData> {
  await checkRegistrationEdit(deps, row, changes);
  checkFeeMode(row, changes);
  const now = deps.clock.now().toISOString();
  return deps.db
    .transaction()
    .execute(async (trx) => {
      let update = trx
        .updateTable("events")
        .set({ ...changes, version: sql<number>`${sql.ref("version")} + 1`, updatedAt: now })
        .where("id", "=", row.id);
      if (basedOn !== undefined) update = update.where("version", "=", basedOn);
      const result = await update.executeTakeFirst().catch(capacityRace);
      if (Number(result.numUpdatedRows) === 0) throw conflict(VERSION_CONFLICT);
      const saved = await trx
        .selectFrom("events")
        .selectAll()
        .where("id", "=", row.id)
        .executeTakeFirstOrThrow();
      // A moved deadline or round moves its reminder; a change of status schedules or cancels them.
      await syncEventReminders(trx, deps.clock, saved);
      if (log) await recordActivity(trx, deps, log.access, log.action, log.says);
      if (log && payeeChanges(row, changes)) await tellPayeeChange(trx, deps, log.access, saved);
      return eventJson(trx, saved, deps.clock.now());
    })
    .finally(() => deps.mail.poke());
}
