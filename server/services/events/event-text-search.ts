import { sql } from "kysely";
import { isPostgres } from "#server/db/connect";
import type { Deps } from "#server/lib/deps";
import { type EventQuery, type EventsQuery, TEXT_COUNT_CAP, textFilter } from "./event-query";

// Text search over published events, SQLite's FTS5 trigram index and PostgreSQL's pg_trgm.

/**
 * The text filter over name, festival and organisation. On SQLite a query of three characters
 * or more goes through the FTS5 trigram index (`eventsSearch`, case-insensitive substrings); on
 * PostgreSQL the lower(…) LIKE is served by the pg_trgm GIN indexes. Shorter text scans.
 */
export function eventTextFilter(
  qb: EventsQuery,
  q: string | undefined,
  postgres: boolean,
  fewMatches = false,
): EventsQuery {
  if (!q) return qb;
  const phrase = postgres ? null : trigramPhrase(q);
  if (phrase) {
    // `+id`: walk the (status, endDate) index and test each entry against the matches, never
    // look up every matching row (rows are wide; a common word matches a third of them).
    // With few matches (counted, under the cap) that walk would cross every open event for a
    // handful of hits: then the matches drive, looked up by id and sorted (at most the cap).
    return qb.where(
      fewMatches ? sql.ref("id") : sql<number>`+${sql.ref("id")}`,
      "in",
      sql<number>`(select rowid from ${sql.table("eventsSearch")} where ${sql.table("eventsSearch")} match ${phrase})`,
    );
  }
  return textFilter(qb, q, ["eventName", "festivalName", "organisationName"]);
}

/** The text as an FTS5 phrase, or null when it is too short for the trigram index (under 3). */
export function trigramPhrase(q: string): string | null {
  return [...q].length >= 3 ? `"${q.replace(/"/g, '""')}"` : null;
}

/**
 * A text search's published matches, counted up to TEXT_COUNT_CAP + 1 (SQLite, FTS5). Driven from
 * the trigram index (CROSS JOIN fixes the order): its matches stream in rowid order and each is
 * looked up by primary key, so counting stops after cap + 1 instead of first collecting every
 * match of a common word (a third of all events) into a temporary table.
 */
export async function ftsCount(
  db: Deps["db"],
  phrase: string,
  query: Pick<EventQuery, "eventType" | "modeOfEvent">,
  openAfter: string | null,
): Promise<number> {
  const filters = [sql`e."status" = 'active'`];
  if (query.eventType) filters.push(sql`e."eventType" = ${query.eventType}`);
  if (query.modeOfEvent) filters.push(sql`e."modeOfEvent" = ${query.modeOfEvent}`);
  if (openAfter) filters.push(sql`e."endDate" > ${openAfter}`);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (
    select 1 from "eventsSearch" s cross join "events" e on e."id" = s.rowid
    where s."eventsSearch" match ${phrase} and ${sql.join(filters, sql` and `)}
    limit ${TEXT_COUNT_CAP + 1})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Whether any event at all (draft or not) has the text: one index probe. */
export async function anyTextMatch(db: Deps["db"], q: string): Promise<boolean> {
  const phrase = isPostgres(db) ? null : trigramPhrase(q);
  if (!phrase) return true;
  const hit = await sql<{
    one: number;
  }>`select 1 as one from ${sql.table("eventsSearch")} where ${sql.table("eventsSearch")} match ${phrase} limit 1`.execute(
    db,
  );
  return hit.rows.length > 0;
}
