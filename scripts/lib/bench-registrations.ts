import type { Transaction } from "kysely";
import type { Db } from "#server/db/connect";
import type { Database, NewEvent } from "#server/db/schema";
import { newId } from "#server/lib/crypto";

/** One person of a bench's crowd: their user and registration ids, numbered from 1. */
export type CrowdMember<T> = T & { userId: string; registrationId: string; i: number };

/**
 * A crowd of `total` people seeded in transactions of 500: each gets fresh ids plus what `extra`
 * makes, `write` inserts a batch's rows, and every member is returned in order.
 */
export async function seedCrowd<T extends object>(
  db: Db,
  total: number,
  extra: () => T,
  write: (trx: Transaction<Database>, batch: CrowdMember<T>[]) => Promise<void>,
): Promise<CrowdMember<T>[]> {
  const crowd: CrowdMember<T>[] = [];
  for (let start = 0; start < total; start += 500) {
    const batch = Array.from({ length: Math.min(500, total - start) }, (_, k) => ({
      ...extra(),
      userId: newId(),
      registrationId: newId(),
      i: start + k + 1,
    }));
    await db.transaction().execute((trx) => write(trx, batch));
    crowd.push(...batch);
  }
  return crowd;
}

/**
 * Registers each `{ userId, registrationId }` of a batch individually for the event, in the
 * caller's transaction, as the benches seed their crowds (the gate rush, the quiz rush, the
 * certificates, the submissions ZIP).
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

/**
 * Inserts a bench's published event (status "active", version 1), created, updated and published
 * at `at`, with the columns it gives; answers its id.
 */
export async function insertPublishedEvent(
  db: Db,
  at: string,
  values: Omit<NewEvent, "status" | "version" | "createdAt" | "updatedAt" | "publishedAt">,
): Promise<number> {
  const { id } = await db
    .insertInto("events")
    .values({
      ...values,
      status: "active",
      version: 1,
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
