import type { MyEventCardData } from "#server/contracts/event-shape";
import type { Role } from "#server/contracts/team-roles";
import type { Deps } from "#server/lib/deps";
import { CARD_COLUMNS, toEventCard } from "./event-json";
import { type EventQuery, type Page, textFilter } from "./event-query";

/**
 * GET /my/event: the user's own events (drafts included) and those whose team they are on (a
 * draft only to its admins, as drafts are hidden from judges and volunteers), most recently
 * changed first, each with its registration count and the caller's role (SPEC-3 §1).
 */
export async function searchMyEvents(
  deps: Pick<Deps, "db">,
  userId: string,
  query: Pick<EventQuery, "q" | "page" | "limit">,
): Promise<Page<MyEventCardData & { myRole: Role }>> {
  const mine = deps.db.selectFrom("events").where((eb) =>
    eb.or([
      eb("madeBy", "=", userId),
      eb.exists(
        eb
          .selectFrom("eventOrganisers as o")
          .select("o.userId")
          .whereRef("o.eventId", "=", "events.id")
          .where("o.userId", "=", userId)
          .where((w) => w.or([w("events.status", "=", "active"), w("o.role", "=", "admin")])),
      ),
    ]),
  );
  const base = textFilter(mine, query.q, ["eventName"]);
  const countRow = await base
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirst();
  const rows = await base
    .select([...CARD_COLUMNS, "registrationCount", "madeBy"])
    .select((eb) =>
      eb
        .selectFrom("eventOrganisers as o")
        .select("o.role")
        .whereRef("o.eventId", "=", "events.id")
        .where("o.userId", "=", userId)
        .as("teamRole"),
    )
    .orderBy("updatedAt", "desc")
    .orderBy("eventNumber")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    items: rows.map(({ registrationCount, madeBy, teamRole, ...row }) => ({
      ...toEventCard(row),
      registrationCount: Number(registrationCount),
      myRole: madeBy === userId ? "owner" : (teamRole as Role),
    })),
    total: Number(countRow?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}
