import type { Db } from "#server/db/connect";
import type { EventRow } from "#server/db/schema";

/**
 * Insights' 'Collected ₹{x}' (SPEC-4 §3): the sum of the event's payments now "paid" (a refunded
 * one no longer counts), as `totals.collected` of the payments list. Null for an event that takes
 * no fee and never took one, where there is nothing to show.
 */
export async function collectedFor(
  db: Db,
  event: Pick<EventRow, "id" | "fee">,
): Promise<number | null> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("payments"),
      eb.fn
        .sum<number | string | null>(
          eb.case().when("status", "=", "paid").then(eb.ref("amount")).else(0).end(),
        )
        .as("collected"),
    ])
    .where("eventId", "=", event.id)
    .executeTakeFirstOrThrow();
  if (!(event.fee > 0) && Number(row.payments) === 0) return null;
  return Number(row.collected ?? 0);
}
