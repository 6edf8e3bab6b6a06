import { type SelectQueryBuilder, sql } from "kysely";
import { EVENT_TYPES, MODES } from "#server/contracts/constants";
import type { Database } from "#server/db/schema";
import { badRequest } from "#server/lib/errors";

// What a list of events asks for (filters, order, page), read leniently from a query string,
// and the text filter the lists share.

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
/** Past this many matches a text search's total is reported as "more than" (X-Total-Count-Capped). */
export const TEXT_COUNT_CAP = 1000;
/** Nobody reads page 4,500; capping the depth keeps every page an index walk of bounded length. */
export const MAX_PAGE = 200;

export interface EventQuery {
  eventType?: string;
  modeOfEvent?: string;
  /** Text matched case-insensitively against event name, festival name and organisation name. */
  q?: string;
  /** SPEC-4 §4: one organisation's events (`?org={handle}`). */
  org?: string;
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
    ...(params.org ? { org: params.org.slice(0, 40) } : {}),
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

export type EventsQuery = SelectQueryBuilder<Database, "events", object>;

export function textFilter(
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
