import {
  type CheckInPerson,
  normalShortCode,
  readTicketCode,
  type ScanResult,
  type ScanStatus,
} from "#server/contracts/check-in";
import type { QueryCreator } from "kysely";
import type { TicketCodeParts } from "#server/contracts/check-in-codes";
import type { Db } from "#server/db/connect";
import { reusableStatement } from "#server/db/reusable-statement";
import type { Database, UserRow } from "#server/db/schema";
import type { ScanEvent } from "./access";
import { type EventKeys, verifyTicket } from "./keys";
import { personOf } from "./people";

/** What was scanned or typed: a QR's code, a short code, or a person picked from the list. */
export type ScanTarget = { code: string } | { shortCode: string } | { memberId: string };

/** HTTP status of each outcome, for the online call and the nonce's stored answer. */
export const SCAN_HTTP_STATUS: Record<ScanStatus, number> = {
  "checked-in": 200,
  already: 409,
  cancelled: 409,
  "wrong-event": 404,
  invalid: 400,
  unknown: 404,
};

/**
 * Who a scan names, with what their answer shows of them when this scan checks them in (read with
 * the ticket: no second read after the write); or why nobody.
 */
type Resolved =
  | { userId: string; person?: Omit<CheckInPerson, "checkedInAt" | "by"> }
  | { status: Exclude<ScanStatus, "checked-in" | "already"> };

/**
 * A short code no ticket of this event has: 'Not a ticket for this event' when a live ticket of
 * another event has it (short codes are unique per event only), else 'No ticket has this code'.
 */
async function unknownShortCode(db: Db, eventId: number, shortCode: string): Promise<Resolved> {
  const elsewhere = await db
    .selectFrom("tickets")
    .select("id")
    .where("shortCode", "=", shortCode)
    .where("eventId", "!=", eventId)
    .where("cancelledAt", "is", null)
    .executeTakeFirst();
  return { status: elsewhere ? "wrong-event" : "unknown" };
}

async function isMember(db: Db, eventId: number, userId: string) {
  const row = await db
    .selectFrom("registrationMembers")
    .select("userId")
    .where("eventId", "=", eventId)
    .where("userId", "=", userId)
    .where("held", "=", 0)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The event's tickets with their holder's place if it is still theirs (a member of the ticket's
 * registration, not held for payment) and what the answer shows of them: one read for a scan.
 */
export function ticketsWithHolder(db: QueryCreator<Database>, eventId: number) {
  return db
    .selectFrom("tickets as t")
    .leftJoin("registrationMembers as m", (join) =>
      join
        .onRef("m.eventId", "=", "t.eventId")
        .onRef("m.userId", "=", "t.userId")
        .onRef("m.registrationId", "=", "t.registrationId")
        .on("m.held", "=", 0),
    )
    .leftJoin("users as u", "u.id", "m.userId")
    .leftJoin("registrations as r", "r.id", "m.registrationId")
    .select([
      "t.userId",
      "t.cancelledAt",
      "m.userId as memberId",
      "u.firstName",
      "u.lastName",
      "m.collegeName",
      "r.teamName",
    ])
    .where("t.eventId", "=", eventId);
}
type TicketWithHolder = Awaited<
  ReturnType<ReturnType<typeof ticketsWithHolder>["executeTakeFirstOrThrow"]>
>;

/** A live ticket's holder, or why not: cancelled when it was, or when its holder has left. */
function holderOf(ticket: TicketWithHolder): Resolved {
  if (ticket.cancelledAt || !ticket.memberId) return { status: "cancelled" };
  return {
    userId: ticket.userId,
    person: {
      memberId: ticket.memberId,
      firstName: ticket.firstName ?? "",
      lastName: ticket.lastName ?? "",
      collegeName: ticket.collegeName ?? "",
      teamName: ticket.teamName,
    },
  };
}

/** A QR code's parts if it is a ticket signed for this event; else why not (nothing read). */
export function verifiedCode(
  event: ScanEvent,
  keys: EventKeys,
  code: string,
): TicketCodeParts | { status: "invalid" | "wrong-event" } {
  const parts = readTicketCode(code);
  if (!parts) return { status: "invalid" };
  if (parts.eventNumber !== event.eventNumber) return { status: "wrong-event" };
  if (!verifyTicket(keys, parts.payload, parts.signature)) return { status: "invalid" };
  return parts;
}

async function resolveCode(
  db: Db,
  event: ScanEvent,
  keys: EventKeys,
  code: string,
): Promise<Resolved> {
  const parts = verifiedCode(event, keys, code);
  if ("status" in parts) return parts;
  const { rows } = await ticketByCode(db, {
    eventId: event.id,
    ticketId: parts.ticketId,
    userId: parts.userId,
    registrationId: parts.registrationId,
  });
  return rows[0] ? holderOf(rows[0]) : { status: "invalid" };
}

/** A QR code's ticket: a gate rush's read, built once and prepared (decision 041). */
const ticketByCode = reusableStatement(
  ["eventId", "ticketId", "userId", "registrationId"],
  (db, v) =>
    // A number when run; the slot that stands for it while it is built is text.
    ticketsWithHolder(db, v.eventId as unknown as number)
      .where("t.id", "=", v.ticketId)
      .where("t.userId", "=", v.userId)
      .where("t.registrationId", "=", v.registrationId),
);

async function resolve(
  db: Db,
  event: ScanEvent,
  keys: EventKeys,
  target: ScanTarget,
): Promise<Resolved> {
  // A short code sent in `code` (a typed code is either) is taken as one.
  if ("code" in target && !normalShortCode(target.code))
    return resolveCode(db, event, keys, target.code);
  if ("memberId" in target)
    return (await isMember(db, event.id, target.memberId))
      ? { userId: target.memberId }
      : { status: "wrong-event" };
  const shortCode = normalShortCode("code" in target ? target.code : target.shortCode);
  if (!shortCode) return { status: "invalid" };
  const ticket = await ticketsWithHolder(db, event.id)
    .where("t.shortCode", "=", shortCode)
    .executeTakeFirst();
  return ticket ? holderOf(ticket) : unknownShortCode(db, event.id, shortCode);
}

/**
 * Checks a person in at `at`. One row per person and event: the table's key. A scan made online
 * only inserts, so of scans at once the first to commit is the check-in, whatever the clocks of
 * the processes answering them. A scan made offline (`offline`, its own `scannedAt`) also
 * replaces a check-in made later than it: the earliest scan wins even when it arrives later.
 * True when this scan's check-in is the one kept.
 */
async function record(
  db: Db,
  check: { eventId: number; userId: string; at: string; byUserId: string; offline: boolean },
) {
  const { eventId, userId, at, byUserId } = check;
  if (!check.offline) {
    const { rows } = await checkInFirst(db, { eventId, userId, at, byUserId });
    return rows.length > 0;
  }
  const row = await db
    .insertInto("checkIns")
    .values({ eventId, userId, checkedInAt: at, byUserId })
    .onConflict((oc) =>
      check.offline
        ? oc
            .columns(["eventId", "userId"])
            .doUpdateSet((eb) => ({
              checkedInAt: eb.ref("excluded.checkedInAt"),
              byUserId: eb.ref("excluded.byUserId"),
            }))
            .whereRef("excluded.checkedInAt", "<", "checkIns.checkedInAt")
        : oc.columns(["eventId", "userId"]).doNothing(),
    )
    .returning("userId")
    .executeTakeFirst();
  return Boolean(row);
}

/** `record` of a scan made online: only inserts. Built once and prepared (decision 041). */
const checkInFirst = reusableStatement(["eventId", "userId", "at", "byUserId"], (db, v) =>
  db
    .insertInto("checkIns")
    .values({
      eventId: v.eventId as unknown as number,
      userId: v.userId,
      checkedInAt: v.at,
      byUserId: v.byUserId,
    })
    .onConflict((oc) => oc.columns(["eventId", "userId"]).doNothing())
    .returning("userId"),
);

/** A scan's nonce claimed, and its answer kept: each scan's first and last statements. */
const claimNonce = reusableStatement(["eventId", "nonce", "at"], (db, v) =>
  db
    .insertInto("checkInNonces")
    .values({
      eventId: v.eventId as unknown as number,
      nonce: v.nonce,
      status: 0,
      answer: "",
      createdAt: v.at,
    })
    .onConflict((oc) => oc.columns(["eventId", "nonce"]).doNothing())
    .returning("nonce"),
);
const keepNonceAnswer = reusableStatement(["eventId", "nonce", "status", "answer"], (db, v) =>
  db
    .updateTable("checkInNonces")
    .set({ status: v.status as unknown as number, answer: v.answer })
    .where("eventId", "=", v.eventId as unknown as number)
    .where("nonce", "=", v.nonce),
);

/** A scan as taken: what, its nonce, when, by whom, and whether on a device offline. */
export interface Scan {
  target: ScanTarget;
  nonce: string;
  at: string;
  scanner: Pick<UserRow, "id" | "firstName">;
  offline: boolean;
}

/**
 * One scan, in its own transaction: the nonce is claimed first, so a retry (or the same scan
 * sent by two devices) waits for the first answer and returns it, writing nothing.
 */
export async function scanOnce(
  db: Db,
  event: ScanEvent,
  keys: EventKeys,
  scan: Scan,
): Promise<ScanResult> {
  const { nonce, at } = scan;
  return db.transaction().execute(async (trx) => {
    const claimed = (await claimNonce(trx, { eventId: event.id, nonce, at })).rows.length > 0;
    if (!claimed) {
      const first = await trx
        .selectFrom("checkInNonces")
        .select("answer")
        .where("eventId", "=", event.id)
        .where("nonce", "=", nonce)
        .executeTakeFirstOrThrow();
      return JSON.parse(first.answer) as ScanResult;
    }
    const found = await resolve(trx, event, keys, scan.target);
    let result: ScanResult;
    if ("status" in found) {
      result = { nonce, status: found.status, person: null, checkedInAt: null, by: null };
    } else {
      const won = await record(trx, {
        eventId: event.id,
        userId: found.userId,
        at,
        byUserId: scan.scanner.id,
        offline: scan.offline,
      });
      // Checked in by this scan: who and when are known. Already in: the kept check-in is read.
      const person =
        won && found.person
          ? { ...found.person, checkedInAt: at, by: scan.scanner.firstName }
          : ((await personOf(trx, event.id, found.userId)) ?? null);
      result = {
        nonce,
        status: won ? "checked-in" : "already",
        person,
        checkedInAt: person?.checkedInAt ?? null,
        by: person?.by ?? null,
      };
    }
    await keepNonceAnswer(trx, {
      eventId: event.id,
      nonce,
      status: SCAN_HTTP_STATUS[result.status],
      answer: JSON.stringify(result),
    });
    return result;
  });
}
