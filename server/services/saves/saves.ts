import type { EventCardData } from "#server/contracts/event-shape";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { CARD_COLUMNS, eventCards } from "#server/services/events/event-json";
import { visibleEvent } from "#server/services/team/permissions";

type SaveDeps = Pick<Deps, "db" | "clock">;

/** An event the viewer may see (published, or a draft of theirs as owner or admin), else 404. */
export { visibleEvent };

async function countSaves(deps: Pick<Deps, "db">, eventId: number): Promise<number> {
  const { n } = await deps.db
    .selectFrom("saves")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("eventId", "=", eventId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Saves an event for the user; saving again changes nothing. Answers the event's save count. */
export async function saveEvent(deps: SaveDeps, user: UserRow, eventNumber: string) {
  const event = await visibleEvent(deps, eventNumber, user);
  await deps.db
    .insertInto("saves")
    .values({ userId: user.id, eventId: event.id, createdAt: deps.clock.now().toISOString() })
    .onConflict((oc) => oc.columns(["userId", "eventId"]).doNothing())
    .execute();
  return { saved: true as const, saves: await countSaves(deps, event.id) };
}

/** Removes the save; unsaving an event not saved changes nothing. */
export async function unsaveEvent(deps: SaveDeps, user: UserRow, eventNumber: string) {
  const event = await visibleEvent(deps, eventNumber, user);
  await deps.db
    .deleteFrom("saves")
    .where("userId", "=", user.id)
    .where("eventId", "=", event.id)
    .execute();
  return { saved: false as const, saves: await countSaves(deps, event.id) };
}

export async function isSaved(deps: Pick<Deps, "db">, userId: string, eventNumber: string) {
  const row = await deps.db
    .selectFrom("saves")
    .innerJoin("events", "events.id", "saves.eventId")
    .select("saves.eventId")
    .where("saves.userId", "=", userId)
    .where("events.eventNumber", "=", eventNumber)
    .executeTakeFirst();
  return !!row;
}

/**
 * The user's saved events as cards: open ones first, soonest deadline first, then the expired
 * ones, most recently closed first. Events unpublished since are left out.
 */
export async function listSaved(deps: SaveDeps, userId: string): Promise<EventCardData[]> {
  const rows = await deps.db
    .selectFrom("saves")
    .innerJoin("events", "events.id", "saves.eventId")
    .select(CARD_COLUMNS.map((c) => `events.${c}` as const))
    .where("saves.userId", "=", userId)
    .where("events.status", "=", "active")
    .execute();
  const now = deps.clock.now().toISOString();
  const open = rows.filter((r) => r.endDate && r.endDate > now);
  const closed = rows.filter((r) => !(r.endDate && r.endDate > now));
  open.sort((a, b) => (a.endDate! < b.endDate! ? -1 : 1));
  closed.sort((a, b) => ((a.endDate ?? "") > (b.endDate ?? "") ? -1 : 1));
  return eventCards(deps.db, [...open, ...closed]);
}

/** The numbers of the published events the user saved: what a page needs for its Save toggles. */
export async function savedEventNumbers(deps: Pick<Deps, "db">, userId: string): Promise<string[]> {
  const rows = await deps.db
    .selectFrom("saves")
    .innerJoin("events", "events.id", "saves.eventId")
    .select("events.eventNumber")
    .where("saves.userId", "=", userId)
    .where("events.status", "=", "active")
    .execute();
  return rows.map((r) => r.eventNumber);
}
