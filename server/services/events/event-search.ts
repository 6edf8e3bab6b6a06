import { sql } from "kysely";
import type { EventCardData } from "#server/contracts/event-shape";
import type { Deps } from "#server/lib/deps";
import { isPostgres } from "#server/db/connect";
import { CARD_COLUMNS, eventCards } from "./event-json";
import { findClosedPage, findCount, findFew, findOpenPage } from "./event-find";
import { type EventQuery, type EventsQuery, type Page, TEXT_COUNT_CAP } from "./event-query";
import { searchOrgEvents } from "#server/services/orgs/org-search";
import { anyTextMatch, eventTextFilter, ftsCount, trigramPhrase } from "./event-text-search";

/** Up to this many matches (counted) a text search reads them all and sorts them (SQLite). */
const FEW_MATCHES = 200;
/** A sitemap file holds at most 50,000 addresses. */
export const SITEMAP_LIMIT = 50_000;

/**
 * Published events for the search page and home: filtered, ordered and paged in the database.
 * Ordered as students want them (open events by the nearest deadline, then expired ones by the
 * most recently closed), read as two index-ordered ranges rather than one sorted whole, so a
 * page costs the same at 100,000 events as at 100.
 */
export async function searchEvents(
  deps: Pick<Deps, "db" | "clock" | "findCounts">,
  query: EventQuery,
): Promise<Page<EventCardData>> {
  const now = deps.clock.now().toISOString();
  if (query.org) return searchOrgEvents(deps, { ...query, org: query.org }, now);
  const phrase = query.q && !isPostgres(deps.db) ? trigramPhrase(query.q) : null;
  if (phrase && query.sort !== "newest") return findByText(deps, phrase, query, now);
  let listed = deps.db.selectFrom("events").where("status", "=", "active");
  if (query.eventType) listed = listed.where("eventType", "=", query.eventType);
  if (query.modeOfEvent) listed = listed.where("modeOfEvent", "=", query.modeOfEvent);
  let base = eventTextFilter(listed, query.q, isPostgres(deps.db));
  const offset = (query.page - 1) * query.limit;
  // A text search counts its matches up to TEXT_COUNT_CAP ("1,000+"): a common word can match a
  // third of all events, and counting every one of them costs more than the page itself.
  const count = async (qb: EventsQuery, openOnly: boolean) => {
    if (!query.q) {
      return Number(
        (await qb.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirst())
          ?.n ?? 0,
      );
    }
    const phrase = isPostgres(deps.db) ? null : trigramPhrase(query.q);
    if (phrase) return ftsCount(deps.db, phrase, query, openOnly ? now : null);
    const capped = qb
      .select(sql<number>`1`.as("one"))
      .limit(TEXT_COUNT_CAP + 1)
      .as("m");
    const row = await deps.db
      .selectFrom(capped)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirst();
    return Math.min(Number(row?.n ?? 0), TEXT_COUNT_CAP + 1);
  };

  if (query.sort === "newest") {
    // Newest first walks the (status, publishedAt) index and stops after a page. The open filter
    // is phrased so the planner cannot pick the deadline index instead and sort every open event.
    const live = query.open
      ? base.where(sql<string>`coalesce(${sql.ref("endDate")}, '')`, ">", now)
      : base;
    const [total, rows] = await Promise.all([
      query.withTotal === false ? null : count(live, !!query.open),
      live
        .select([...CARD_COLUMNS])
        .orderBy("publishedAt", "desc")
        .orderBy("eventNumber")
        .limit(query.limit)
        .offset(offset)
        .execute(),
    ]);
    return {
      items: await eventCards(deps.db, rows),
      ...capTotal(total, !!query.q),
      page: query.page,
      limit: query.limit,
    };
  }

  // Counted first: a text nobody's event contains answers at once, without walking the lists,
  // and one with few matches reads them rather than the lists.
  const total =
    query.withTotal === false
      ? null
      : await count(query.open ? base.where("endDate", ">", now) : base, !!query.open);
  if (query.q && (total === 0 || (total === null && !(await anyTextMatch(deps.db, query.q))))) {
    return { items: [], total: 0, page: query.page, limit: query.limit };
  }
  if (query.q && total !== null && total <= TEXT_COUNT_CAP)
    base = eventTextFilter(listed, query.q, isPostgres(deps.db), true);
  const open = base.where("endDate", ">", now);
  const closed = base.where((eb) => eb.or([eb("endDate", "<=", now), eb("endDate", "is", null)]));
  const rows = await open
    .select([...CARD_COLUMNS])
    .orderBy("endDate", "asc")
    .orderBy("eventNumber")
    .limit(query.limit)
    .offset(offset)
    .execute();
  if (!query.open && rows.length < query.limit) {
    // Past the open ones: how many open events come before, then the expired ones.
    const openCount =
      rows.length > 0 || offset === 0 ? offset + rows.length : await count(open, true);
    const more = await closed
      .select([...CARD_COLUMNS])
      .orderBy("endDate", "desc")
      .orderBy("eventNumber")
      .limit(query.limit - rows.length)
      .offset(Math.max(0, offset - openCount))
      .execute();
    rows.push(...more);
  }
  return {
    items: await eventCards(deps.db, rows),
    ...capTotal(total, !!query.q),
    page: query.page,
    limit: query.limit,
  };
}

/**
 * A text search in list order on SQLite: from the `eventsFind` index (see event-find.ts), which
 * reads a page and a capped count without collecting every match of a common word.
 */
async function findByText(
  deps: Pick<Deps, "db" | "findCounts">,
  phrase: string,
  query: EventQuery,
  now: string,
): Promise<Page<EventCardData>> {
  const total =
    query.withTotal === false
      ? null
      : await countMatches(deps, phrase, query, query.open ? now : null);
  if (total === 0) return { items: [], total: 0, page: query.page, limit: query.limit };
  const offset = (query.page - 1) * query.limit;
  if (total !== null && total <= FEW_MATCHES) {
    const all = await findFew(deps.db, phrase, query, now);
    return {
      items: await eventCards(deps.db, all.slice(offset, offset + query.limit)),
      total,
      page: query.page,
      limit: query.limit,
    };
  }
  const { rows, openCount } = await findOpenPage(deps.db, phrase, query, now);
  if (!query.open && rows.length < query.limit && openCount !== null) {
    rows.push(
      ...(await findClosedPage(
        deps.db,
        phrase,
        query,
        now,
        Math.max(0, offset - openCount),
        query.limit - rows.length,
      )),
    );
  }
  return {
    items: await eventCards(deps.db, rows),
    ...capTotal(total, true),
    page: query.page,
    limit: query.limit,
  };
}

/** findCount up to the cap, kept while the database is unchanged when the time does not matter. */
function countMatches(
  deps: Pick<Deps, "db" | "findCounts">,
  phrase: string,
  query: EventQuery,
  openAfter: string | null,
): Promise<number> {
  const make = () => findCount(deps.db, phrase, query, openAfter, TEXT_COUNT_CAP + 1);
  if (!deps.findCounts || openAfter !== null) return make();
  const key = JSON.stringify([phrase, query.eventType ?? "", query.modeOfEvent ?? ""]);
  return deps.findCounts.count(deps.db, key, make);
}

/** A count that went past the cap (it stops at cap + 1) becomes "cap, and more". */
function capTotal(
  total: number | null,
  textSearch: boolean,
): Pick<Page<unknown>, "total" | "totalCapped"> {
  return textSearch && total !== null && total > TEXT_COUNT_CAP
    ? { total: TEXT_COUNT_CAP, totalCapped: true }
    : { total };
}

/** Every published event's number and last change, for /sitemap.xml. */
export async function sitemapEntries(
  deps: Pick<Deps, "db">,
): Promise<{ eventNumber: string; updatedAt: string }[]> {
  return deps.db
    .selectFrom("events")
    .select(["eventNumber", "updatedAt"])
    .where("status", "=", "active")
    .orderBy("updatedAt", "desc")
    .limit(SITEMAP_LIMIT)
    .execute();
}
