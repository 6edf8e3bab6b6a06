import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema";

/**
 * Registers each `{ userId, registrationId }` of a batch individually for the event, in the
 * caller's transaction, as the benches seed their crowds (the gate rush, the quiz rush).
 */
export async function registerIndividuals(
  trx: Transaction<Database>,
  eventId: number,
  batch: { userId: string; registrationId: string }[],
  collegeName: string,
  iso: string,
): Promise<void> {
  await trx
    .insertInto("registrations")
    .values(
      batch.map((b) => ({
        id: b.registrationId,
        eventId,
        type: "individual" as const,
        teamName: null,
        code: null,
        leaderId: b.userId,
        size: 1,
        createdAt: iso,
      })),
    )
    .execute();
  await trx
    .insertInto("registrationMembers")
    .values(
      batch.map((b) => ({
        registrationId: b.registrationId,
        eventId,
        userId: b.userId,
        phone: "9876543210",
        collegeName,
        course: "B.Tech",
        joinedAt: iso,
      })),
    )
    .execute();
}
