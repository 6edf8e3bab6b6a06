import type { Insights } from "#server/contracts/organiser";
import type { Db } from "#server/db/connect";

const IST_OFFSET_MS = 330 * 60_000;

/** Insights' 'Checked in': registered people checked in, counted per India hour that has any. */
export async function checkInsByHour(db: Db, eventId: number): Promise<Insights["checkedIn"]> {
  const rows = await db
    .selectFrom("checkIns as c")
    .innerJoin("registrationMembers as m", (join) =>
      join
        .onRef("m.eventId", "=", "c.eventId")
        .onRef("m.userId", "=", "c.userId")
        .on("m.held", "=", 0),
    )
    .select("c.checkedInAt")
    .where("c.eventId", "=", eventId)
    .execute();
  const byHour = new Map<string, number>();
  for (const { checkedInAt } of rows) {
    const ist = new Date(Date.parse(checkedInAt) + IST_OFFSET_MS).toISOString();
    const hour = `${ist.slice(0, 13)}:00+05:30`;
    byHour.set(hour, (byHour.get(hour) ?? 0) + 1);
  }
  const hourly = [...byHour].sort(([a], [b]) => a.localeCompare(b));
  return { total: rows.length, hourly: hourly.map(([hour, count]) => ({ hour, count })) };
}
