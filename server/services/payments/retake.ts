/** A late claim takes its released place again (SPEC-4 §2), through registration's guarded steps. */
import { REGISTRATION_MESSAGES as R } from "#server/contracts/registration";
import type { EventRow, PaymentRow } from "#server/db/schema";
import { conflict } from "#server/lib/errors";
import { windowState } from "#server/services/registration/registration-read";
import {
  alreadyRegistered,
  bumpCount,
  endListing,
} from "#server/services/registration/registration-write";
import { newJoinCode, type Trx } from "#server/services/registration/registrations";
import { countUseAgain } from "./coupons";
import type { PlaceDetails } from "./payment-write";

/**
 * In the claim's transaction: the payer's place again, held ("claimed" waits for the organiser),
 * and the coupon's use counted again while the coupon has one left (`countUseAgain`: first, so
 * locks go payment → coupon → event). Refused (409, and the transaction rolls back, the use with
 * it) when registration is closed, the event is full, the team is gone or full, or the payer has
 * registered again meanwhile.
 */
export async function takePlaceAgain(
  trx: Trx,
  deps: { clock: { now(): Date } },
  event: EventRow,
  payment: PaymentRow,
): Promise<void> {
  const now = deps.clock.now();
  if (event.status !== "active" || windowState(event, now) !== "open") throw conflict(R.closed);
  await countUseAgain(trx, payment);
  const details = JSON.parse(payment.details) as PlaceDetails;
  const at = now.toISOString();
  const member = {
    registrationId: payment.registrationId,
    eventId: event.id,
    userId: payment.userId,
    phone: details.phone,
    collegeName: details.collegeName,
    course: details.course,
    joinedAt: at,
    held: 1,
  };
  if (payment.per === "person") {
    const grown = await trx
      .updateTable("registrations")
      .set((eb) => ({ size: eb("size", "+", 1) }))
      .where("id", "=", payment.registrationId)
      .where("size", "<", event.maxTeam ?? 1)
      .executeTakeFirst();
    if (Number(grown.numUpdatedRows) === 0) throw conflict(R.teamFull);
    await trx.insertInto("registrationMembers").values(member).execute().catch(alreadyRegistered);
    await endListing(trx, event.id, payment.userId).execute();
    return;
  }
  const team = event.participationType === "team";
  await trx
    .insertInto("registrations")
    .values({
      id: payment.registrationId,
      eventId: event.id,
      type: team ? "team" : "individual",
      teamName: team ? (details.teamName ?? null) : null,
      code: team ? newJoinCode() : null,
      leaderId: payment.userId,
      size: 1,
      createdAt: at,
      held: 1,
    })
    .execute()
    .catch(alreadyRegistered);
  await trx.insertInto("registrationMembers").values(member).execute().catch(alreadyRegistered);
  await endListing(trx, event.id, payment.userId).execute();
  const bumped = await bumpCount(trx, event.id).executeTakeFirst();
  if (Number(bumped.numUpdatedRows) === 0) throw conflict(R.full);
}
