import type { PublicEntrant } from "#server/contracts/organiser";
import type { EventCardData } from "#server/contracts/event-shape";
import type { Db } from "#server/db/connect";
import type { Deps } from "#server/lib/deps";
import { badRequest } from "#server/lib/errors";
import { CARD_COLUMNS, cardOrgs, toEventCard } from "#server/services/events/event-json";
import { publicEntrant } from "#server/services/organiser/results";
import { orgCalendar } from "#server/services/saves/calendar";
import { orgByHandle } from "./org-access";

/** Cards per page of GET /org/{handle}/events. */
export const ORG_EVENTS_PAGE = 12;

export type OrgEventCard = EventCardData & { winners?: (PublicEntrant & { rank: number })[] };

/**
 * GET /org/{handle}/events (SPEC-4 §4): its published events as cards, those still open for
 * registration first by deadline; with `past`, those closed, newest first, each with its winners
 * (names as the public results show them).
 */
export async function orgEvents(
  deps: Pick<Deps, "db" | "clock">,
  handle: string,
  query: { past?: string; page?: string },
): Promise<OrgEventCard[]> {
  const org = await orgByHandle(deps.db, handle);
  const past = query.past === "1" || query.past === "true";
  const page = query.page === undefined || query.page === "" ? 1 : Number(query.page);
  if (!Number.isInteger(page) || page < 1 || page > 1000) throw badRequest("Invalid page");
  const now = deps.clock.now().toISOString();
  let q = deps.db
    .selectFrom("events")
    .select(["id", ...CARD_COLUMNS])
    .where("orgId", "=", org.id)
    .where("status", "=", "active");
  q = past
    ? q.where("endDate", "<=", now).orderBy("endDate", "desc")
    : q
        .where((eb) => eb.or([eb("endDate", ">", now), eb("endDate", "is", null)]))
        .orderBy("endDate", "asc");
  const rows = await q
    .orderBy("eventNumber")
    .limit(ORG_EVENTS_PAGE)
    .offset((page - 1) * ORG_EVENTS_PAGE)
    .execute();
  const orgs = await cardOrgs(deps.db, rows);
  if (!past) return rows.map(({ id: _, ...row }) => toEventCard(row, orgs));
  const winners = await winnersOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map(({ id, ...row }) => ({
    ...toEventCard(row, orgs),
    winners: winners.get(id) ?? [],
  }));
}

async function winnersOf(db: Db, eventIds: number[]) {
  const out = new Map<number, (PublicEntrant & { rank: number })[]>();
  if (!eventIds.length) return out;
  const rows = await db
    .selectFrom("eventWinners as w")
    .innerJoin("registrations as r", "r.id", "w.registrationId")
    .innerJoin("users as u", "u.id", "r.leaderId")
    .leftJoin("registrationMembers as m", (j) =>
      j.onRef("m.registrationId", "=", "r.id").onRef("m.userId", "=", "r.leaderId"),
    )
    .select([
      "w.eventId",
      "w.rank",
      "r.id as _id",
      "r.teamName",
      "u.firstName",
      "u.lastName",
      "m.collegeName",
      "r.size as people",
    ])
    .where("w.eventId", "in", eventIds)
    .where("r.held", "=", 0)
    .orderBy("w.eventId")
    .orderBy("w.rank")
    .execute();
  for (const { eventId, rank, ...entrant } of rows)
    out.set(eventId, [...(out.get(eventId) ?? []), { rank, ...publicEntrant(entrant) }]);
  return out;
}

/** GET /org/{handle}/calendar.ics: its published events, as SPEC-2 §3's calendars (the latest 500). */
export async function orgCalendarFeed(
  deps: Pick<Deps, "db" | "clock" | "config">,
  handle: string,
): Promise<string> {
  const org = await orgByHandle(deps.db, handle);
  const events = await deps.db
    .selectFrom("events")
    .selectAll()
    .where("orgId", "=", org.id)
    .where("status", "=", "active")
    .orderBy("endDate", "desc")
    .orderBy("eventNumber")
    .limit(500)
    .execute();
  return orgCalendar(org.name, events, deps.config.appUrl, deps.clock.now());
}
