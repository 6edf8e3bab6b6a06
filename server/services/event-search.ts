import { type SelectQueryBuilder, sql } from "kysely";
import { EVENT_TYPES, MODES } from "#server/contracts/constants";
import type { EventCardData } from "#server/contracts/event-shape";
import type { Database } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { isPostgres } from "#server/db/connect";
import { badRequest } from "#server/lib/errors";
import { CARD_COLUMNS, toEventCard } from "./event-json";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
/** Past this many matches a text search's total is reported as "more than" (X-Total-Count-Capped). */
export const TEXT_COUNT_CAP = 1000;
/** Nobody reads page 4,500; capping the depth keeps every page an index walk of bounded length. */
export const MAX_PAGE = 200;
/** A sitemap file holds at most 50,000 addresses. */
export const SITEMAP_LIMIT = 50_000;

export interface EventQuery {
  eventType?: string;
  modeOfEvent?: string;
  /** Text matched case-insensitively against event name, festival name and organisation name. */
  q?: string;
  /** Only events whose registration is still open. */
  open?: boolean;
  /** Whether to count every match for X-Total-Count (a row of cards on the home page needs not). */
  withTotal?: boolean;
  /** `deadline` (default): open events soonest first, then expired ones; `newest`: latest published first. */
  sort?: "deadline" | "newest";
  page: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  /** Null when the caller asked for no total. */
  total: number | null;
  /** The total is a lower bound: a text search stopped counting at TEXT_COUNT_CAP. */
  totalCapped?: boolean;
  page: number;
  limit: number;
}

/**
 * Reads list parameters from a query string leniently: a page or limit that is missing or not a
 * number falls back to the default, and limit is capped, so a shared link never breaks.
 * `All` (or an unknown type) means no type filter.
 */
export function parseEventQuery(
  params: Record<string, string | undefined>,
  defaultLimit = DEFAULT_LIMIT,
): EventQuery {
  const int = (v: string | undefined) => (v && /^\d{1,6}$/.test(v) ? Number(v) : NaN);
  const page = int(params.page);
  const limit = int(params.limit);
  const eventType = params.eventType ?? params.type;
  const mode = params.modeOfEvent ?? params.mode;
  // PostgreSQL refuses a NUL in text and FTS5 reads it as the end of the phrase: a 400, not a 500.
  if (/[\u0000-\u001f\u007f]/.test(params.q ?? ""))
    throw badRequest("Search text cannot contain control characters");
  const q = (params.q ?? "").trim().slice(0, 100);
  return {
    eventType:
      eventType && (EVENT_TYPES as readonly string[]).includes(eventType) ? eventType : undefined,
    modeOfEvent: mode && (MODES as readonly string[]).includes(mode) ? mode : undefined,
    q: q || undefined,
    open: params.open === "true" || params.open === "1",
    withTotal: params.total !== "0",
    sort: params.sort === "newest" ? "newest" : "deadline",
    page: page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    limit: limit >= 1 ? Math.min(limit, MAX_LIMIT) : defaultLimit,
  };
}

/** `%` and `_` in what people type are letters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type EventsQuery = SelectQueryBuilder<Database, "events", object>;

function textFilter(
  qb: EventsQuery,
  q: string | undefined,
  columns: ("eventName" | "festivalName" | "organisationName")[],
) {
  if (!q) return qb;
  const pattern = likePattern(q);
  // lower() on both sides and an explicit ESCAPE: the same behaviour on SQLite and PostgreSQL.
  return qb.where((eb) =>
    eb.or(columns.map((col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
  );
}

/**
 * The text filter over name, festival and organisation. On SQLite a query of three characters
 * or more goes through the FTS5 trigram index (`eventsSearch`, case-insensitive substrings); on
 * PostgreSQL the lower(…) LIKE is served by the pg_trgm GIN indexes. Shorter text scans.
 */
function eventTextFilter(qb: EventsQuery, q: string | undefined, postgres: boolean): EventsQuery {
  if (!q) return qb;
  const phrase = postgres ? null : trigramPhrase(q);
  if (phrase) {
    // `+id`: walk the (status, endDate) index and test each entry against the matches, never
    // look up every matching row (rows are wide; a common word matches a third of them).
    return qb.where(
      sql<number>`+${sql.ref("id")}`,
      "in",
      sql<number>`(select rowid from ${sql.table("eventsSearch")} where ${sql.table("eventsSearch")} match ${phrase})`,
    );
  }
  return textFilter(qb, q, ["eventName", "festivalName", "organisationName"]);
}

/**
 * Published events for the search page and home: filtered, ordered and paged in the database.
 * Ordered as students want them (open events by the nearest deadline, then expired ones by the
 * most recently closed), read as two index-ordered ranges rather than one sorted whole, so a
 * page costs the same at 100,000 events as at 100.
 */
export async function searchEvents(
  deps: Pick<Deps, "db" | "clock">,
  query: EventQuery,
): Promise<Page<EventCardData>> {
  const now = deps.clock.now().toISOString();
  let base = deps.db.selectFrom("events").where("status", "=", "active");
  if (query.eventType) base = base.where("eventType", "=", query.eventType);
  if (query.modeOfEvent) base = base.where("modeOfEvent", "=", query.modeOfEvent);
  base = eventTextFilter(base, query.q, isPostgres(deps.db));
  const offset = (query.page - 1) * query.limit;
  // A text search counts its matches up to TEXT_COUNT_CAP ("1,000+"): a common word can match a
  // third of all events, and counting every one of them costs more than the page itself.
  const count = async (qb: EventsQuery) => {
    if (!query.q) {
      return Number(
        (await qb.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirst())
          ?.n ?? 0,
      );
    }
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
      query.withTotal === false ? null : count(live),
      live
        .select([...CARD_COLUMNS])
        .orderBy("publishedAt", "desc")
        .orderBy("eventNumber")
        .limit(query.limit)
        .offset(offset)
        .execute(),
    ]);
    return {
      items: rows.map(toEventCard),
      ...capTotal(total, !!query.q),
      page: query.page,
      limit: query.limit,
    };
  }

  // A text nobody's event contains: answer at once from the index instead of walking the lists.
  if (query.q && !(await anyTextMatch(deps.db, query.q))) {
    return { items: [], total: 0, page: query.page, limit: query.limit };
  }
  const open = base.where("endDate", ">", now);
  const closed = base.where((eb) => eb.or([eb("endDate", "<=", now), eb("endDate", "is", null)]));
  const [total, openRows] = await Promise.all([
    query.withTotal === false ? null : count(query.open ? open : base),
    open
      .select([...CARD_COLUMNS])
      .orderBy("endDate", "asc")
      .orderBy("eventNumber")
      .limit(query.limit)
      .offset(offset)
      .execute(),
  ]);
  const rows = openRows;
  if (!query.open && rows.length < query.limit) {
    // Past the open ones: how many open events come before, then the expired ones.
    const openCount = rows.length > 0 || offset === 0 ? offset + rows.length : await count(open);
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
    items: rows.map(toEventCard),
    ...capTotal(total, !!query.q),
    page: query.page,
    limit: query.limit,
  };
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

/** The text as an FTS5 phrase, or null when it is too short for the trigram index (under 3). */
function trigramPhrase(q: string): string | null {
  return [...q].length >= 3 ? `"${q.replace(/"/g, '""')}"` : null;
}

/** Whether any event at all (draft or not) has the text: one index probe. */
async function anyTextMatch(db: Deps["db"], q: string): Promise<boolean> {
  const phrase = isPostgres(db) ? null : trigramPhrase(q);
  if (!phrase) return true;
  const hit = await sql<{
    one: number;
  }>`select 1 as one from ${sql.table("eventsSearch")} where ${sql.table("eventsSearch")} match ${phrase} limit 1`.execute(
    db,
  );
  return hit.rows.length > 0;
}

/** The signed-in user's own events, drafts included, most recently changed first. */
export async function searchMyEvents(
  deps: Pick<Deps, "db">,
  userId: string,
  query: Pick<EventQuery, "q" | "page" | "limit">,
): Promise<Page<EventCardData>> {
  const base = textFilter(deps.db.selectFrom("events").where("madeBy", "=", userId), query.q, [
    "eventName",
  ]);
  const countRow = await base
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirst();
  const rows = await base
    .select([...CARD_COLUMNS])
    .orderBy("updatedAt", "desc")
    .orderBy("eventNumber")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    items: rows.map(toEventCard),
    total: Number(countRow?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
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
