import { istDay, lastIstDays } from "#server/contracts/dates";
import type { Insights, Series } from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { checkInsByHour } from "#server/services/check-in/insights";
import { collectedFor } from "#server/services/payments/collected";
import { requireRight } from "#server/services/team/permissions";
import { registrationMoments, saveMoments } from "#server/services/registration/registration-data";

export const INSIGHT_DAYS = 30;

/** A total and a count per India day for the last 30 days, from instants. */
function seriesOf(instants: string[], days: string[]): Series {
  const byDay = new Map(days.map((d) => [d, 0]));
  for (const at of instants) {
    const day = istDay(new Date(at));
    if (byDay.has(day)) byDay.set(day, byDay.get(day)! + 1);
  }
  return { total: instants.length, daily: days.map((day) => ({ day, count: byDay.get(day)! })) };
}

/**
 * Views, saves, registrations and teams, each with a daily series for the last 30 days; check-ins
 * by hour; the fees collected.
 */
export async function getInsights(
  deps: Pick<Deps, "db" | "clock" | "views">,
  user: UserRow,
  eventNumber: string,
): Promise<Insights> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  // Views this process counted and has not written yet: written now, so the figures are current.
  await deps.views?.flush();
  const days = lastIstDays(deps.clock.now(), INSIGHT_DAYS);
  const viewRows = await deps.db
    .selectFrom("eventViews")
    .select(["day", "views"])
    .where("eventId", "=", event.id)
    .execute();
  const viewsByDay = new Map(viewRows.map((r) => [r.day, Number(r.views)]));
  const views: Series = {
    total: viewRows.reduce((sum, r) => sum + Number(r.views), 0),
    daily: days.map((day) => ({ day, count: viewsByDay.get(day) ?? 0 })),
  };
  const moments = await registrationMoments(deps.db, event.id, event.minTeam ?? 1);
  const teams = moments.filter((m) => m.team);
  return {
    views,
    saves: seriesOf(await saveMoments(deps.db, event.id), days),
    registrations: seriesOf(
      moments.map((m) => m.at),
      days,
    ),
    completeTeams: seriesOf(
      teams.filter((t) => t.complete).map((t) => t.at),
      days,
    ),
    incompleteTeams: seriesOf(
      teams.filter((t) => !t.complete).map((t) => t.at),
      days,
    ),
    checkedIn: await checkInsByHour(deps.db, event.id),
    collected: await collectedFor(deps.db, event),
  };
}
