import type { MyEventCardData } from "#server/contracts/event-shape";
import type { Role } from "#server/contracts/team-roles";
import type { Deps } from "#server/lib/deps";
import { orgIdsRunBy } from "#server/services/team/permissions";
import { CARD_COLUMNS, cardOrgs, toEventCard } from "./event-json";
import { type EventQuery, type Page, textFilter } from "./event-query";

/**
 * GET /my/event: the user's own events (drafts included), those whose team they are on (a draft
 * only to its admins, as drafts are hidden from judges and volunteers) and those of the
 * organisations they own or administer, whose admins they are (SPEC-4 §4), most recently changed
 * first, each with its registration count and the caller's role (SPEC-3 §1).
 */
export async function searchMyEvents(
  deps: Pick<Deps, "db">,
  userId: string,
  query: Pick<EventQuery, "q" | "page" | "limit">,
): Promise<Page<MyEventCardData & { myRole: Role }>> {
  const orgsRun = orgIdsRunBy(deps.db, userId);
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
      // SPEC-4 §4: an organisation's owner and admins are admins of each of its events.
      eb("events.orgId", "in", orgsRun),
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
  const [orgs, run] = await Promise.all([cardOrgs(deps.db, rows), orgsRun.execute()]);
  const runs = new Set(run.map((r) => r.id));
  return {
    items: rows.map(({ registrationCount, madeBy, teamRole, ...row }) => ({
      ...toEventCard(row, orgs),
      registrationCount: Number(registrationCount),
      // A team role below admin yields to the organisation's admin (the rights table's order).
      myRole:
        madeBy === userId
          ? "owner"
          : teamRole === "admin" || row.orgId == null || !runs.has(row.orgId)
            ? (teamRole as Role)
            : "admin",
    })),
    total: Number(countRow?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}
