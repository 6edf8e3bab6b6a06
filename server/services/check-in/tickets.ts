import { randomBytes } from "node:crypto";
import {
  CHECK_IN_MESSAGES as M,
  SHORT_CODE_LENGTH,
  type TicketData,
} from "#server/contracts/check-in";
import { JOIN_CODE_ALPHABET } from "#server/contracts/registration-fields";
import type { Db } from "#server/db/connect";
import type { EventRow, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { newPublicId } from "#server/lib/crypto";
import { notFound } from "#server/lib/errors";
import { visibleEvent } from "#server/services/team/permissions";
import { eventKeys, signTicket } from "./keys";

/** 8 characters of the team-code alphabet (32 symbols: a byte's low 5 bits pick one evenly). */
export function newShortCode(): string {
  return [...randomBytes(SHORT_CODE_LENGTH)].map((b) => JOIN_CODE_ALPHABET[b & 31]).join("");
}

/** The person's membership in the event, with their team's name, or undefined. */
function memberOf(db: Db, eventId: number, userId: string) {
  return (
    db
      .selectFrom("registrationMembers as m")
      .innerJoin("registrations as r", "r.id", "m.registrationId")
      .select(["m.registrationId", "r.teamName"])
      .where("m.eventId", "=", eventId)
      .where("m.userId", "=", userId)
      // SPEC-4: a place held for payment has no ticket until it is paid.
      .where("m.held", "=", 0)
      .executeTakeFirst()
  );
}

function liveTicketOf(db: Db, eventId: number, userId: string) {
  return db
    .selectFrom("tickets")
    .selectAll()
    .where("eventId", "=", eventId)
    .where("userId", "=", userId)
    .where("cancelledAt", "is", null)
    .executeTakeFirst();
}

/**
 * Cancels a person's live ticket, in the transaction that takes them out of a registration:
 * its codes are refused from then on, and joining again makes a new ticket.
 */
export async function cancelTickets(db: Db, eventId: number, userId: string, now: string) {
  await db
    .updateTable("tickets")
    .set({ cancelledAt: now })
    .where("eventId", "=", eventId)
    .where("userId", "=", userId)
    .where("cancelledAt", "is", null)
    .execute();
}

/**
 * The person's live ticket, made on first use. A ticket of an earlier registration (one the
 * person left) is cancelled first. Two first uses at once both insert; the partial unique index
 * keeps one and both read it back. Undefined when the person is not registered.
 */
export async function liveTicket(db: Db, eventId: number, userId: string, now: string) {
  const member = await memberOf(db, eventId, userId);
  if (!member) return undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const ticket = await liveTicketOf(db, eventId, userId);
    if (ticket?.registrationId === member.registrationId) return { ticket, member };
    if (ticket) await cancelTickets(db, eventId, userId, now);
    await db
      .insertInto("tickets")
      .values({
        id: newPublicId(),
        eventId,
        registrationId: member.registrationId,
        userId,
        shortCode: newShortCode(),
        createdAt: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error("No ticket after 5 attempts");
}

export function ticketCode(
  keys: Awaited<ReturnType<typeof eventKeys>>,
  event: Pick<EventRow, "eventNumber">,
  ticket: { id: string; registrationId: string; userId: string },
): string {
  return signTicket(
    keys,
    `${event.eventNumber}:${ticket.registrationId}:${ticket.userId}:${ticket.id}`,
  );
}

/** GET /event/{n}/ticket: the caller's ticket, 404 'You have no ticket for this event' without. */
export async function myTicket(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  eventNumber: string,
): Promise<TicketData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const now = deps.clock.now().toISOString();
  const live = await liveTicket(deps.db, event.id, user.id, now);
  if (!live) throw notFound(M.noTicket);
  const keys = await eventKeys(deps.db, event.id, now);
  const checkIn = await deps.db
    .selectFrom("checkIns")
    .select("checkedInAt")
    .where("eventId", "=", event.id)
    .where("userId", "=", user.id)
    .executeTakeFirst();
  return {
    code: ticketCode(keys, event, live.ticket),
    shortCode: live.ticket.shortCode,
    name: [user.firstName, user.lastName].filter(Boolean).join(" "),
    teamName: live.member.teamName,
    eventName: event.eventName ?? "",
    eventNumber: event.eventNumber,
    checkedInAt: checkIn?.checkedInAt ?? null,
  };
}
