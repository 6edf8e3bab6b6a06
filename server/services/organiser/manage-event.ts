import { randomInt } from "node:crypto";
import { sql } from "kysely";
import type { EventData } from "#server/contracts/event-shape";
import { HAS_REGISTRATIONS } from "#server/contracts/organiser";
import type { EventRow, NewEvent, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { conflict } from "#server/lib/errors";
import { eventJson } from "#server/services/events/event-json";
import { orgRoleOf } from "#server/services/orgs/org-access";
import { recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";
import {
  countRegistrations,
  withoutRegistrations,
} from "#server/services/registration/registration-data";

type ManageDeps = Pick<Deps, "db" | "clock">;

/** Hides the event (404 to others, out of lists and sitemaps); registrations stay. */
export async function unpublishEvent(
  deps: ManageDeps,
  user: UserRow,
  eventNumber: string,
): Promise<EventData> {
  const access = await requireRight(deps, user, eventNumber, "event.edit");
  const row = access.event;
  if (row.status === "draft") return eventJson(deps.db, row);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("events")
      .set({
        status: "draft",
        version: sql<number>`${sql.ref("version")} + 1`,
        updatedAt: deps.clock.now().toISOString(),
      })
      .where("id", "=", row.id)
      .execute();
    await recordActivity(trx, deps, access, "event.unpublished", "unpublished the event");
  });
  const saved = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("id", "=", row.id)
    .executeTakeFirstOrThrow();
  return eventJson(deps.db, saved);
}

/** Deletes an event without registrations; the check and the delete are one statement. */
export async function deleteEvent(
  deps: ManageDeps,
  user: UserRow,
  eventNumber: string,
): Promise<{ message: string }> {
  const { event: row } = await requireRight(deps, user, eventNumber, "event.delete");
  if ((await countRegistrations(deps.db, row.id)) > 0) throw conflict(HAS_REGISTRATIONS);
  await deps.db.transaction().execute(async (trx) => {
    // People looking for a team on the board have no registration: their listings go too.
    await trx.deleteFrom("teammateListings").where("eventId", "=", row.id).execute();
    const result = await withoutRegistrations(
      trx.deleteFrom("events").where("id", "=", row.id),
    ).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw conflict(HAS_REGISTRATIONS);
  });
  return { message: "Event deleted" };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === "23505" ||
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    /UNIQUE constraint failed/i.test(e?.message ?? "")
  );
}

function list<T>(json: string | null): T[] {
  try {
    const v = JSON.parse(json ?? "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/**
 * The content of `row` as a new draft: every date (the registration window, important dates,
 * round times) left empty for the organiser to set. Columns added later are copied too, since
 * only what must not be copied is named here.
 */
function copyOf(row: EventRow, eventNumber: string, now: string, madeBy: string): NewEvent {
  const {
    id: _id,
    eventNumber: _n,
    status: _s,
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    publishedAt: _p,
    ...content
  } = row;
  return {
    ...content,
    madeBy,
    eventNumber,
    status: "draft",
    version: 1,
    startDate: null,
    endDate: null,
    registrationCount: 0,
    importantDates: JSON.stringify(
      list<{ dateTitle: string }>(row.importantDates).map((d) => ({
        dateTitle: d.dateTitle,
        date: "",
      })),
    ),
    rounds: JSON.stringify(
      list<Record<string, unknown>>(row.rounds).map((r) => ({ ...r, startDate: "", endDate: "" })),
    ),
    createdAt: now,
    updatedAt: now,
    publishedAt: null,
  };
}

/**
 * Copies the event's content into a new draft under a new number, owned by whoever duplicated it
 * (an admin's copy is the admin's); the team is not copied.
 */
export async function duplicateEvent(
  deps: ManageDeps,
  user: UserRow,
  eventNumber: string,
): Promise<{ eventNumber: string }> {
  const access = await requireRight(deps, user, eventNumber, "event.edit");
  const row = access.event;
  const now = deps.clock.now().toISOString();
  for (let attempt = 0; ; attempt++) {
    // 5 digits as SPEC §2 has them; 6 once a few tries found them taken (SPEC keeps numbers forever).
    const number =
      attempt < 5 ? String(randomInt(10_000, 100_000)) : String(randomInt(100_000, 1_000_000));
    try {
      await deps.db.transaction().execute(async (trx) => {
        const copy = copyOf(row, number, now, user.id);
        // Only an admin of the organisation may host under it (SPEC-4 §4): others' copies leave it.
        if (copy.orgId != null && !(await orgRoleOf(trx, copy.orgId, user.id))) copy.orgId = null;
        await trx.insertInto("events").values(copy).execute();
        await recordActivity(
          trx,
          deps,
          access,
          "event.duplicated",
          `duplicated the event as ${number}`,
        );
      });
      return { eventNumber: number };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 20) throw err;
    }
  }
}
