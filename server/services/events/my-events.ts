import type { MyEventCardData } from "#server/contracts/event-shape";
import type { Deps } from "#server/deps";
import { CARD_COLUMNS, toEventCard } from "./event-json";
import { type EventQuery, type Page, textFilter } from "./event-query";

/** The signed-in user's own events, drafts included, most recently changed first. */
export async function searchMyEvents(
  deps: Pick<Deps, "db">,
  userId: string,
  query: Pick<EventQuery, "q" | "page" | "limit">,
): Promise<Page<MyEventCardData>> {
  const base = textFilter(deps.db.selectFrom("events").where("madeBy", "=", userId), query.q, [
    "eventName",
  ]);
  const countRow = await base
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirst();
  const rows = await base
    .select([...CARD_COLUMNS, "registrationCount"])
    .orderBy("updatedAt", "desc")
    .orderBy("eventNumber")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    items: rows.map(({ registrationCount, ...row }) => ({
      ...toEventCard(row),
      registrationCount: Number(registrationCount),
    })),
    total: Number(countRow?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}
