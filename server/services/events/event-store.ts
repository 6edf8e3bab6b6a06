/** Reading and writing an event row for the hosting saves: ownership, versions, atomic updates. */
import { sql } from "kysely";
import { EVENT_NUMBER_PATTERN } from "#server/contracts/constants";
import { VERSION_CONFLICT } from "#server/contracts/event";
import type { EventData } from "#server/contracts/event-shape";
import type { EventRow, EventUpdate, UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { conflict, forbidden, notFound } from "#server/lib/errors";
import {
  capacityRace,
  checkRegistrationEdit,
} from "#server/services/registration/registration-edit";
import { toEventJson } from "./event-json";
import { syncEventReminders } from "#server/services/saves/reminders";

export type EventDeps = Pick<Deps, "db" | "storage" | "clock">;

function checkNumber(eventNumber: string): void {
  if (!EVENT_NUMBER_PATTERN.test(eventNumber)) throw notFound("Event not found");
}

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

/**
 * The creator's event. Someone else's draft answers exactly as an unknown number does (404), so
 * nobody learns which numbers hold drafts; someone else's published event (public anyway) is 403.
 */
export async function ownedEvent(
  deps: EventDeps,
  eventNumber: string,
  user: UserRow,
): Promise<EventRow> {
  checkNumber(eventNumber);
  const row = await findEvent(deps, eventNumber);
  if (!row || (row.madeBy !== user.id && row.status === "draft")) throw notFound("Event not found");
  if (row.madeBy !== user.id) throw forbidden("You can only change events you created");
  return row;
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
): Promise<EventData> {
  await checkRegistrationEdit(deps, row, changes);
  const now = deps.clock.now().toISOString();
  let update = deps.db
    .updateTable("events")
    .set({ ...changes, version: sql<number>`${sql.ref("version")} + 1`, updatedAt: now })
    .where("id", "=", row.id);
  if (basedOn !== undefined) update = update.where("version", "=", basedOn);
  const result = await update.executeTakeFirst().catch(capacityRace);
  if (Number(result.numUpdatedRows) === 0) throw conflict(VERSION_CONFLICT);
  const saved = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("id", "=", row.id)
    .executeTakeFirstOrThrow();
  // A moved deadline or round moves its reminder; a change of status schedules or cancels them.
  await syncEventReminders(deps.db, deps.clock, saved);
  return toEventJson(saved);
}
