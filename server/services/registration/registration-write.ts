import type { Insertable, InsertQueryBuilder, InsertResult, QueryCreator } from "kysely";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration";
import { isPostgres } from "#server/db/connect";
import { constraintViolation } from "#server/db/errors";
import type {
  Database,
  EventRow,
  RegistrationMembersTable,
  RegistrationsTable,
} from "#server/db/schema";
import { conflict } from "#server/lib/errors";
import { type Mail, outboxRow } from "#server/mail/outbox";
import type { RegDeps } from "./registration-read";
import { jobRow } from "#server/jobs/jobs";
import {
  expireJob,
  onlyPaymentAndJob,
  type PlannedPayment,
  writePayment,
} from "#server/services/payments/payment-write";

// How a registration is written (registrations.ts decides what): the capacity bump, and the rows
// that go with it, all or nothing.

/** A write refused because the person already has a registration for the event. */
export function alreadyRegistered(err: unknown): never {
  if (constraintViolation(err)?.kind === "unique") throw conflict(M.already);
  throw err;
}

/** Everything one registration writes besides the capacity bump. */
export interface NewRegistration {
  eventId: number;
  userId: string;
  registration: Insertable<RegistrationsTable>;
  member: Insertable<RegistrationMembersTable>;
  mail: Mail;
  now: string;
  /** SPEC-4: the place's payment, written in the same transaction (a paid event's place). */
  payment?: { event: EventRow; plan: PlannedPayment } | null;
}

/**
 * The one guarded step that keeps registrations within capacity: it counts one more only while
 * there is room. It locks the event row until commit, and every registrant of the event queues on
 * that lock. (Leaving locks the event before a team; registering takes no team lock, so the two
 * never wait on each other in a circle.)
 */
export function bumpCount(q: QueryCreator<Database>, eventId: number) {
  return q
    .updateTable("events")
    .set((eb) => ({ registrationCount: eb("registrationCount", "+", 1) }))
    .where("id", "=", eventId)
    .where((eb) =>
      eb.or([eb("capacity", "is", null), eb("registrationCount", "<", eb.ref("capacity"))]),
    );
}

/** A person registered for an event no longer looks for a team there: their listing ends. */
export function endListing(q: QueryCreator<Database>, eventId: number, userId: string) {
  return q
    .deleteFrom("teammateListings")
    .where("eventId", "=", eventId)
    .where("userId", "=", userId);
}

/** Writes a registration, or writes nothing and throws 'Registration is full' / 'already registered'. */
export function writeRegistration(deps: RegDeps, reg: NewRegistration): Promise<void> {
  // A coupon's use is counted, and a free-by-coupon place numbered, before the bump (lock order
  // coupon → event): a transaction on both engines. A place held for its payment is one statement.
  return isPostgres(deps.db) && (!reg.payment || onlyPaymentAndJob(reg.payment.plan))
    ? writeInOneStatement(deps, reg)
    : writeInTransaction(deps, reg);
}

/**
 * SQLite: a transaction of plain statements. Each runs synchronously on the one connection (no
 * round trip to wait on), and the writer lock is the whole database's, so one statement would
 * gain nothing here.
 */
async function writeInTransaction(deps: RegDeps, reg: NewRegistration): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto("registrations").values(reg.registration).execute();
    await trx
      .insertInto("registrationMembers")
      .values(reg.member)
      .execute()
      .catch(alreadyRegistered);
    await endListing(trx, reg.eventId, reg.userId).execute();
    // The coupon's row before the event's, as releasing a place takes them.
    if (reg.payment) await writePayment(trx, deps, reg.payment.event, reg.payment.plan);
    await deps.mail.queue(trx, reg.mail);
    const bumped = await bumpCount(trx, reg.eventId).executeTakeFirst();
    if (Number(bumped.numUpdatedRows) === 0) throw conflict(M.full);
  });
}

/**
 * PostgreSQL: one statement of data-modifying CTEs, so the event row is locked only while
 * PostgreSQL runs it, never across a transaction's round trips to a busy Node process (the
 * registration rush's tail). Every write reads the bump's row: when there is no room, nothing is
 * written. The bump re-checks room after waiting for the row's lock (READ COMMITTED), and a unique
 * violation anywhere fails the whole statement, bump included.
 */
async function writeInOneStatement(deps: RegDeps, reg: NewRegistration): Promise<void> {
  const base = deps.db
    .with("bump", (q) => bumpCount(q, reg.eventId).returning("id"))
    .with("registration", (q) => insertIfBumped(q, "registrations", reg.registration))
    .with("member", (q) => insertIfBumped(q, "registrationMembers", reg.member))
    .with("mail", (q) => insertIfBumped(q, "mailOutbox", outboxRow(reg.mail, reg.now)))
    .with("listing", (q) =>
      q
        .deleteFrom("teammateListings")
        .where("eventId", "=", reg.eventId)
        .where("userId", "=", reg.userId)
        .where((eb) => eb.exists(eb.selectFrom("bump").select("id"))),
    );
  // A held place's payment and the job that releases it (no coupon: `onlyPaymentAndJob`).
  const payment = reg.payment?.plan.row;
  const query = payment
    ? (base
        .with("payment", (q) => insertIfBumped(q, "payments", payment))
        .with("job", (q) =>
          insertIfBumped(q, "jobs", jobRow(deps.clock, expireJob(payment))),
        ) as unknown as typeof base)
    : base;
  const bumped = await query
    .selectFrom("bump")
    .select("id")
    .executeTakeFirst()
    .catch((err) =>
      // Only the member's keys mean 'already registered'; a code clash goes back to withFreshCode.
      /^registrationMembers/.test(constraintViolation(err)?.detail ?? "")
        ? alreadyRegistered(err)
        : Promise.reject(err),
    );
  if (!bumped) throw conflict(M.full);
}

/** `insert into table (row's columns) select row's values from bump`: one row if the bump made one. */
function insertIfBumped<
  DB extends Database & { bump: { id: number } },
  T extends "registrations" | "registrationMembers" | "mailOutbox" | "payments" | "jobs",
>(q: QueryCreator<DB>, table: T, row: Insertable<Database[T]>) {
  const bumpOnly = q as unknown as QueryCreator<Database & { bump: { id: number } }>;
  const columns = Object.keys(row) as (keyof Insertable<Database[T]> & string)[];
  return bumpOnly
    .insertInto(table)
    .columns(columns as never)
    .expression(
      bumpOnly.selectFrom("bump").select((eb) => columns.map((c) => eb.val(row[c]).as(c))) as never,
    ) as unknown as InsertQueryBuilder<DB, T, InsertResult>;
}
