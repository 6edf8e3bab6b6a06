import { randomBytes } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { lastIstDays } from "#server/contracts/dates";
import type { Db } from "#server/db/connect";
import type { Database } from "#server/db/schema";
import { visitorNumber } from "./visitor-hash";

/** A new visitor seen by one process, not yet written. */
export interface PendingView {
  eventNumber: string;
  ip: string;
  userAgent: string;
}

type Trx = Transaction<Database>;
const CHUNK = 300; // rows a statement: far below either engine's limit on bound values

/**
 * Writes a batch of views, each visitor once per event and day whichever process saw them: the
 * visitor's number is keyed by the day's seeds shared through `viewSeeds`, and the key of
 * `eventViewVisitors` refuses one already written, by this process before a restart or by any
 * other. Only the rows taken add to `eventViews`. One transaction: all or nothing, so a failed
 * write can be tried again whole.
 */
export async function writeViews(db: Db, batch: Map<string, PendingView[]>, now: Date) {
  await db.transaction().execute(async (trx) => {
    for (const [day, views] of batch) {
      const [seedA, seedB] = await daySeeds(trx, day);
      const ids = await eventIds(trx, [...new Set(views.map((v) => v.eventNumber))]);
      const rows = new Map<string, { eventId: number; day: string; visitor: number }>();
      for (const v of views) {
        const eventId = ids.get(v.eventNumber);
        if (eventId === undefined) continue; // deleted since: its views go with it
        const visitor = visitorNumber(`${v.userAgent}\n${v.ip}\n${v.eventNumber}`, seedA, seedB);
        rows.set(`${eventId}:${visitor}`, { eventId, day, visitor });
      }
      const added = new Map<number, number>();
      const all = [...rows.values()];
      for (let i = 0; i < all.length; i += CHUNK) {
        const taken = await trx
          .insertInto("eventViewVisitors")
          .values(all.slice(i, i + CHUNK))
          .onConflict((oc) => oc.columns(["eventId", "day", "visitor"]).doNothing())
          .returning("eventId")
          .execute();
        for (const { eventId } of taken) added.set(eventId, (added.get(eventId) ?? 0) + 1);
      }
      for (const [eventId, views] of added)
        await trx
          .insertInto("eventViews")
          .values({ eventId, day, views })
          .onConflict((oc) =>
            oc.columns(["eventId", "day"]).doUpdateSet({
              views: sql<number>`${sql.ref("eventViews.views")} + ${sql.ref("excluded.views")}`,
            }),
          )
          .execute();
    }
    await forgetBefore(trx, now);
  });
}

/** The day's two 32-bit seeds: made at random by the first process that needs them. */
async function daySeeds(trx: Trx, day: string): Promise<[number, number]> {
  const random = randomBytes(8);
  await trx
    .insertInto("viewSeeds")
    .values({ day, seedA: random.readUInt32LE(0), seedB: random.readUInt32LE(4) })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await trx
    .selectFrom("viewSeeds")
    .select(["seedA", "seedB"])
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return [Number(row.seedA), Number(row.seedB)];
}

async function eventIds(trx: Trx, numbers: string[]) {
  const ids = new Map<string, number>();
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const rows = await trx
      .selectFrom("events")
      .select(["id", "eventNumber"])
      .where("eventNumber", "in", numbers.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) ids.set(r.eventNumber, r.id);
  }
  return ids;
}

/** Visitors and seeds older than yesterday go: a day's views can arrive just after midnight. */
async function forgetBefore(trx: Trx, now: Date) {
  const [yesterday] = lastIstDays(now, 2);
  await trx.deleteFrom("eventViewVisitors").where("day", "<", yesterday).execute();
  await trx.deleteFrom("viewSeeds").where("day", "<", yesterday).execute();
}
