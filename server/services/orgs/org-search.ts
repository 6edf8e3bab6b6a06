import { sql } from "kysely";
import type { EventCardData } from "#server/contracts/event-shape";
import type { Deps } from "#server/lib/deps";
import { CARD_COLUMNS, eventCards } from "#server/services/events/event-json";
import {
  type EventQuery,
  likePattern,
  type Page,
  textFilter,
} from "#server/services/events/event-query";
import { fileUrl } from "#server/services/uploads/uploads";
import { looksLikeHandle } from "#server/services/profiles/handles";

/** An organisation as search shows it above the events (SPEC-4 §4). */
export interface OrgCard {
  handle: string;
  name: string;
  college: string;
  city: string;
  logo: string | null;
  verifiedDomain: string | null;
}

/** GET /orgs/search?q=: up to 3 organisations whose name, handle or college holds the text. */
export async function searchOrgs(
  deps: Pick<Deps, "db">,
  q: string | undefined,
): Promise<OrgCard[]> {
  const text = (q ?? "").trim().slice(0, 100);
  if (!text || /[\u0000-\u001f\u007f]/.test(text)) return [];
  const pattern = likePattern(text);
  const rows = await deps.db
    .selectFrom("organisations")
    .select(["handle", "name", "college", "city", "logo", "verifiedDomain"])
    .where((eb) =>
      eb.or(
        (["name", "handle", "college"] as const).map(
          (col) => sql<boolean>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`,
        ),
      ),
    )
    .orderBy("name")
    .orderBy("handle")
    .limit(3)
    .execute();
  return rows.map((r) => ({ ...r, logo: fileUrl(r.logo) }));
}

/**
 * `/event/find?org={handle}` (the search page's `?org=`): one organisation's published events,
 * with the list's other filters; open ones by the nearest deadline, then closed ones newest
 * first. An unknown handle lists nothing.
 */
export async function searchOrgEvents(
  deps: Pick<Deps, "db">,
  query: EventQuery & { org: string },
  now: string,
): Promise<Page<EventCardData>> {
  const org = looksLikeHandle(query.org)
    ? await deps.db
        .selectFrom("organisations")
        .select("id")
        .where("handle", "=", query.org)
        .executeTakeFirst()
    : undefined;
  if (!org) return { items: [], total: 0, page: query.page, limit: query.limit };
  let listed = deps.db
    .selectFrom("events")
    .where("status", "=", "active")
    .where("orgId", "=", org.id);
  if (query.eventType) listed = listed.where("eventType", "=", query.eventType);
  if (query.modeOfEvent) listed = listed.where("modeOfEvent", "=", query.modeOfEvent);
  if (query.open) listed = listed.where(sql<string>`coalesce(${sql.ref("endDate")}, '')`, ">", now);
  const base = textFilter(listed, query.q, ["eventName", "festivalName", "organisationName"]);
  const total = await base
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirst();
  const open = sql<number>`case when coalesce(${sql.ref("endDate")}, '') > ${now} then 0 else 1 end`;
  const rows = await base
    .select([...CARD_COLUMNS])
    .orderBy(open)
    .orderBy(
      sql`case when coalesce(${sql.ref("endDate")}, '') > ${now} then ${sql.ref("endDate")} end`,
    )
    .orderBy("endDate", "desc")
    .orderBy("eventNumber")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    items: await eventCards(deps.db, rows),
    total: Number(total?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}
