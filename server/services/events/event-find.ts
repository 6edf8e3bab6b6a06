import { type RawBuilder, sql } from "kysely";
import type { EventRow } from "#server/db/schema";
import type { Db } from "#server/db/connect";
import { CARD_COLUMNS } from "./event-json";
import type { EventQuery } from "./event-query";

// A text search of published events in list order, read from the `eventsFind` FTS5 index
// (SQLite; migration 0012). Its rowid is bucket × 2^31 + id, the bucket being the deadline's
// whole second since 2000, so FTS5's rowid order is the list's deadline order to the second and
// a page stops after itself instead of first collecting every match of a common word.

type CardRow = Pick<EventRow, (typeof CARD_COLUMNS)[number]>;
type Filters = Pick<EventQuery, "eventType" | "modeOfEvent">;

const SHIFT = 2147483648;
/** How many rows past the page the open walk reads, to see where the page's last second ends. */
const SLACK = 20;

/** The deadline's bucket as migration 0012 computes it (unixepoch, seconds since 2000, clamped). */
export function deadlineBucket(iso: string): number {
  const s = Math.floor(Date.parse(iso) / 1000) - 946_684_800;
  return Number.isFinite(s) ? Math.max(0, Math.min(SHIFT - 1, s)) : 0;
}

const COLS = sql.raw(CARD_COLUMNS.map((c) => `e."${c}"`).join(", "));

function rowFilters(query: Filters, alias: string): RawBuilder<unknown> {
  const parts = [sql`1 = 1`];
  if (query.eventType) parts.push(sql`${sql.raw(alias)}."eventType" = ${query.eventType}`);
  if (query.modeOfEvent) parts.push(sql`${sql.raw(alias)}."modeOfEvent" = ${query.modeOfEvent}`);
  return sql.join(parts, sql` and `);
}

/** `eventsFind` s joined to its event e, the match first (CROSS JOIN keeps the index outermost). */
function matches(phrase: string, alias = "") {
  const s = sql.raw(`s${alias}`);
  const e = sql.raw(`e${alias}`);
  return sql`"eventsFind" ${s} cross join "events" ${e} on ${e}."id" = ${s}.rowid % ${sql.lit(SHIFT)}
    where ${s}."eventsFind" match ${phrase}`;
}

/**
 * Published matches counted up to `cap` (X-Total-Count stops at the cap). Without a type or mode
 * filter nothing but the index is read; the open filter reads an event only in the current second.
 */
export async function findCount(
  db: Db,
  phrase: string,
  query: Filters,
  openAfter: string | null,
  cap: number,
): Promise<number> {
  const b = openAfter === null ? null : deadlineBucket(openAfter);
  const range = b === null ? sql`` : sql`and s.rowid >= ${b} * ${sql.lit(SHIFT)}`;
  const q =
    query.eventType || query.modeOfEvent
      ? sql`select 1 from ${matches(phrase)} ${range} and ${rowFilters(query, "e")}
          ${openAfter === null ? sql`` : sql`and e."endDate" > ${openAfter}`} limit ${cap}`
      : sql`select 1 from "eventsFind" s where s."eventsFind" match ${phrase} ${range}
          ${
            openAfter === null
              ? sql``
              : sql`and (s.rowid >= ${b! + 1} * ${sql.lit(SHIFT)} or exists (select 1 from "events" e
                  where e."id" = s.rowid % ${sql.lit(SHIFT)} and e."endDate" > ${openAfter}))`
          } limit ${cap}`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${q})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Text-match counts kept while the database is unchanged. A popular term is searched again and
 * again, and counting its matches up to the cap costs more than reading its page (0.65 against
 * ~0.5 ms for 'techfest' in 100,000 events); the count changes only when an event does. The
 * database's version is this connection's `total_changes()` (every row written through it,
 * triggers included) with `data_version` (commits by other connections), read at each use; a
 * count is kept only if no write came while it was made. Counts of open events depend on the time
 * as well and are not kept.
 */
export function createFindCounts(maxKept = 500) {
  const kept = new Map<string, number>();
  let keptAt = "";
  const version = async (db: Db) => {
    const { rows } = await sql<{ c: number; v: number }>`select total_changes() as c,
      (select data_version from pragma_data_version) as v`.execute(db);
    return `${rows[0]?.c}.${rows[0]?.v}`;
  };
  return {
    async count(db: Db, key: string, make: () => Promise<number>): Promise<number> {
      const before = await version(db);
      if (before !== keptAt) {
        kept.clear();
        keptAt = before;
      }
      const known = kept.get(key);
      if (known !== undefined) return known;
      const n = await make();
      if ((await version(db)) === before) {
        if (kept.size >= maxKept) kept.clear();
        kept.set(key, n);
      }
      return n;
    },
  };
}

export type FindCounts = ReturnType<typeof createFindCounts>;

/** SQLite's order of the list: open by deadline then number; closed by latest deadline then number. */
function compare(a: CardRow, b: CardRow, desc: boolean): number {
  const x = a.endDate ?? "";
  const y = b.endDate ?? "";
  if (x !== y) {
    if (a.endDate === null) return desc ? 1 : -1;
    if (b.endDate === null) return desc ? -1 : 1;
    return (x < y ? -1 : 1) * (desc ? -1 : 1);
  }
  return a.eventNumber < b.eventNumber ? -1 : a.eventNumber > b.eventNumber ? 1 : 0;
}

/**
 * One page of open matches (deadline after `now`), and how many open matches there are when
 * that is fewer than offset + limit (else null). One walk up the index from the current second:
 * it reads the page and SLACK more rows, so the events sharing the page's last second are all in
 * hand and sorted; only a tie longer than SLACK asks the exact query below.
 */
export async function findOpenPage(
  db: Db,
  phrase: string,
  query: Filters & { page: number; limit: number },
  now: string,
): Promise<{ rows: CardRow[]; openCount: number | null }> {
  const offset = (query.page - 1) * query.limit;
  const n = offset + query.limit;
  const lo = sql`${deadlineBucket(now)} * ${sql.lit(SHIFT)}`;
  const open = sql`${matches(phrase)} and s.rowid >= ${lo} and e."endDate" > ${now} and ${rowFilters(query, "e")}`;
  const { rows } = await sql<
    CardRow & { b: number }
  >`select ${COLS}, s.rowid / ${sql.lit(SHIFT)} as b
    from ${open} order by s.rowid limit ${n + SLACK}`.execute(db);
  if (rows.length < n) {
    rows.sort((a, b) => compare(a, b, false));
    return { rows: strip(rows.slice(offset, n)), openCount: rows.length };
  }
  const lastBucket = rows[n - 1]!.b;
  if (rows.length === n + SLACK && rows.at(-1)!.b === lastBucket) {
    // More than SLACK events share the page's last second: let SQLite read that whole second.
    const upTo = sql`(select (s2.rowid / ${sql.lit(SHIFT)} + 1) * ${sql.lit(SHIFT)} from ${matches(phrase, "2")}
      and s2.rowid >= ${lo} and e2."endDate" > ${now} and ${rowFilters(query, "e2")}
      order by s2.rowid limit 1 offset ${n - 1})`;
    const exact = await sql<CardRow>`select ${COLS} from ${open} and s.rowid < ${upTo}
      order by e."endDate", e."eventNumber" limit ${query.limit} offset ${offset}`.execute(db);
    return { rows: exact.rows, openCount: null };
  }
  const kept = rows.filter((r) => r.b <= lastBucket).sort((a, b) => compare(a, b, false));
  return { rows: strip(kept.slice(offset, n)), openCount: null };
}

/** Closed matches (deadline at or before `now`, or none), latest deadline first, from the index. */
export async function findClosedPage(
  db: Db,
  phrase: string,
  query: Filters,
  now: string,
  offset: number,
  limit: number,
): Promise<CardRow[]> {
  const hi = sql`${deadlineBucket(now) + 1} * ${sql.lit(SHIFT)}`;
  const closed = (a: string) =>
    sql`${matches(phrase, a)} and s${sql.raw(a)}.rowid < ${hi}
      and (e${sql.raw(a)}."endDate" <= ${now} or e${sql.raw(a)}."endDate" is null)
      and ${rowFilters(query, `e${a}`)}`;
  // From the second of the (offset + limit)-th match down: every event that can be on the page.
  const from = sql`coalesce((select (s2.rowid / ${sql.lit(SHIFT)}) * ${sql.lit(SHIFT)} from ${closed("2")}
    order by s2.rowid desc limit 1 offset ${offset + limit - 1}), 0)`;
  const { rows } = await sql<CardRow>`select ${COLS} from ${closed("")} and s.rowid >= ${from}
    order by e."endDate" desc, e."eventNumber" limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/**
 * Every published match, in list order, when there are few (counted): one walk of the index from
 * its start, each match looked up once, sorted here. Cheaper for a rare word than walking from the
 * current second, which FTS5 reaches by reading the doclists of the phrase's common trigrams.
 */
export async function findFew(
  db: Db,
  phrase: string,
  query: Filters & { open?: boolean },
  now: string,
): Promise<CardRow[]> {
  const open = query.open ? sql`and e."endDate" > ${now}` : sql``;
  const { rows } = await sql<CardRow>`select ${COLS} from ${matches(phrase)} ${open}
    and ${rowFilters(query, "e")}`.execute(db);
  const isOpen = (r: CardRow) => r.endDate !== null && r.endDate > now;
  return [
    ...rows.filter(isOpen).sort((a, b) => compare(a, b, false)),
    ...rows.filter((r) => !isOpen(r)).sort((a, b) => compare(a, b, true)),
  ];
}

function strip(rows: (CardRow & { b?: number })[]): CardRow[] {
  return rows.map(({ b: _b, ...row }) => row);
}
