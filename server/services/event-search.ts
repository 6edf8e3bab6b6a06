import { type SelectQueryBuilder, sql } from "kysely";
import { EVENT_TYPES, MODES } from "../contracts/constants";
import type { EventCardData } from "../contracts/event-shape";
import type { Database } from "../db/schema";
import type { Deps } from "../deps";
import { CARD_COLUMNS, toEventCard } from "./event-json";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
/** A sitemap file holds at most 50,000 addresses. */
export const SITEMAP_LIMIT = 50_000;

export interface EventQuery {
  eventType?: string;
  modeOfEvent?: string;
  /** Text matched case-insensitively against event name, festival name and organisation name. */
  q?: string;
  /** Only events whose registration is still open. */
  open?: boolean;
  /** `deadline` (default): open events soonest first, then expired ones; `newest`: latest published first. */
  sort?: "deadline" | "newest";
  page: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/**
 * Reads list parameters from a query string leniently: a page or limit that is missing or not a
 * number falls back to the default, and limit is capped, so a shared link never breaks.
 * `All` (or an unknown type) means no type filter.
 */
export function parseEventQuery(params: Record<string, string | undefined>, defaultLimit = DEFAULT_LIMIT): EventQuery {
  const int = (v: string | undefined) => (v && /^\d{1,6}$/.test(v) ? Number(v) : NaN);
  const page = int(params.page);
  const limit = int(params.limit);
  const eventType = params.eventType ?? params.type;
  const mode = params.modeOfEvent ?? params.mode;
  const q = (params.q ?? "").trim().slice(0, 100);
  return {
    eventType: eventType && (EVENT_TYPES as readonly string[]).includes(eventType) ? eventType : undefined,
    modeOfEvent: mode && (MODES as readonly string[]).includes(mode) ? mode : undefined,
    q: q || undefined,
    open: params.open === "true" || params.open === "1",
    sort: params.sort === "newest" ? "newest" : "deadline",
    page: page >= 1 ? page : 1,
    limit: limit >= 1 ? Math.min(limit, MAX_LIMIT) : defaultLimit,
  };
}

/** `%` and `_` in what people type are letters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type EventsQuery = SelectQueryBuilder<Database, "events", object>;

function textFilter(qb: EventsQuery, q: string | undefined, columns: ("eventName" | "festivalName" | "organisationName")[]) {
  if (!q) return qb;
  const pattern = likePattern(q);
  // lower() on both sides and an explicit ESCAPE: the same behaviour on SQLite and PostgreSQL.
  return qb.where((eb) =>
    eb.or(columns.map((col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
  );
}

/**
 * Published events for the search page and home: filtered, ordered and paged in the database.
 * The whole query lives here so it can later move to a full-text index without touching callers.
 */
export async function searchEvents(deps: Pick<Deps, "db" | "clock">, query: EventQuery): Promise<Page<EventCardData>> {
  const now = deps.clock.now().toISOString();
  let base = deps.db.selectFrom("events").where("status", "=", "active");
  if (query.eventType) base = base.where("eventType", "=", query.eventType);
  if (query.modeOfEvent) base = base.where("modeOfEvent", "=", query.modeOfEvent);
  if (query.open) base = base.where("endDate", ">", now);
  base = textFilter(base, query.q, ["eventName", "festivalName", "organisationName"]);

  const countRow = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);

  let list = base.select([...CARD_COLUMNS]);
  if (query.sort === "newest") {
    list = list.orderBy(sql`coalesce(${sql.ref("publishedAt")}, ${sql.ref("createdAt")})`, "desc");
  } else {
    const isOpen = sql`case when ${sql.ref("endDate")} > ${now} then 0 else 1 end`;
    list = list
      .orderBy(isOpen)
      // Open ones by the nearest deadline; expired ones by the most recently closed.
      .orderBy(sql`case when ${sql.ref("endDate")} > ${now} then ${sql.ref("endDate")} end`, "asc")
      .orderBy(sql`coalesce(${sql.ref("endDate")}, '')`, "desc");
  }
  const rows = await list
    .orderBy("eventNumber")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { items: rows.map(toEventCard), total, page: query.page, limit: query.limit };
}

/** The signed-in user's own events, drafts included, most recently changed first. */
export async function searchMyEvents(
  deps: Pick<Deps, "db">,
  userId: string,
  query: Pick<EventQuery, "q" | "page" | "limit">,
): Promise<Page<EventCardData>> {
  const base = textFilter(deps.db.selectFrom("events").where("madeBy", "=", userId), query.q, ["eventName"]);
  const countRow = await base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirst();
  const rows = await base
    .select([...CARD_COLUMNS])
    .orderBy("updatedAt", "desc")
    .orderBy("eventNumber")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return { items: rows.map(toEventCard), total: Number(countRow?.n ?? 0), page: query.page, limit: query.limit };
}

/** Every published event's number and last change, for /sitemap.xml. */
export async function sitemapEntries(deps: Pick<Deps, "db">): Promise<{ eventNumber: string; updatedAt: string }[]> {
  return deps.db
    .selectFrom("events")
    .select(["eventNumber", "updatedAt"])
    .where("status", "=", "active")
    .orderBy("updatedAt", "desc")
    .limit(SITEMAP_LIMIT)
    .execute();
}
