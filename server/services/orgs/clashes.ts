import { sql } from "kysely";
import type { Db } from "#server/db/connect";
import type { EventRow } from "#server/db/schema";
import { roundsOf } from "#server/services/rounds/rounds";
import type { Clash } from "#server/contracts/orgs";

type Span = [number, number];

/** The registration window and every round with both dates, as spans of time. */
function spansOf(row: Pick<EventRow, "startDate" | "endDate" | "rounds">): Span[] {
  const spans: Span[] = [];
  const add = (a: string | null | undefined, b: string | null | undefined) => {
    const x = a ? Date.parse(a) : NaN;
    const y = b ? Date.parse(b) : NaN;
    if (Number.isFinite(x) && Number.isFinite(y)) spans.push([Math.min(x, y), Math.max(x, y)]);
  };
  add(row.startDate, row.endDate);
  for (const r of roundsOf(row)) add(r.startDate, r.endDate);
  return spans;
}

const overlaps = (a: Span[], b: Span[]) =>
  a.some(([s1, e1]) => b.some(([s2, e2]) => s1 <= e2 && s2 <= e1));

/**
 * For an event of an organisation: the published events of organisations of the same college
 * (the same `verifiedDomain`, or the same `college` text without regard to case and spaces) whose
 * registration window or rounds overlap its own. Nothing for an event without an organisation.
 */
export async function clashesOf(db: Db, event: EventRow): Promise<Clash[]> {
  if (event.orgId == null) return [];
  const org = await db
    .selectFrom("organisations")
    .select(["college", "verifiedDomain"])
    .where("id", "=", event.orgId)
    .executeTakeFirst();
  if (!org) return [];
  const mine = spansOf(event);
  if (!mine.length) return [];
  const college = org.college.replace(/ /g, "").toLowerCase();
  const squeezed = sql<string>`lower(replace(${sql.ref("o.college")}, ' ', ''))`;
  const rows = await db
    .selectFrom("events as e")
    .innerJoin("organisations as o", "o.id", "e.orgId")
    .select([
      "e.eventNumber",
      "e.eventName",
      "e.startDate",
      "e.endDate",
      "e.rounds",
      "o.handle as orgHandle",
      "o.name as orgName",
    ])
    .where("e.status", "=", "active")
    .where("e.id", "!=", event.id)
    .where((eb) =>
      eb.or([
        eb(squeezed, "=", college),
        ...(org.verifiedDomain ? [eb("o.verifiedDomain", "=", org.verifiedDomain)] : []),
      ]),
    )
    .orderBy("e.startDate")
    .orderBy("e.eventNumber")
    .limit(1000)
    .execute();
  return rows
    .filter((r) => overlaps(mine, spansOf(r)))
    .slice(0, 50)
    .map(({ rounds: _, ...r }) => r);
}
