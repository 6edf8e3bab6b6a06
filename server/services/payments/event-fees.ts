/** SPEC-4 §1 in an organiser's save: fees only for registration on Utsav; a payee change is told. */
import { FEE_MESSAGES } from "#server/contracts/fee-fields";
import type { Db } from "#server/db/connect";
import type { EventRow, EventUpdate } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { badRequest } from "#server/lib/errors";
import { payeeChangedMail } from "#server/mail/payment-mails";
import { fullName, recordActivity } from "#server/services/team/activity";
import type { Access } from "#server/services/team/permissions";

/** A save that would leave a fee on an event registering on its website (mode changed alone). */
export function checkFeeMode(row: EventRow, changes: EventUpdate): void {
  const fee = changes.fee ?? row.fee;
  const mode = changes.registrationMode ?? row.registrationMode;
  if (fee > 0 && mode !== "utsav")
    throw badRequest(FEE_MESSAGES.feeWebsite, { fee: [FEE_MESSAGES.feeWebsite] });
}

/** Whether a save changes where the money goes (the UPI ID or the payee's name). */
export function payeeChanges(row: EventRow, changes: EventUpdate): boolean {
  const changed = (k: "upiId" | "payeeName") =>
    changes[k] !== undefined && (changes[k] ?? null) !== (row[k] ?? null);
  return changed("upiId") || changed("payeeName");
}

/**
 * In the save's transaction: the activity line `event.payee-changed` and a mail to the owner and
 * every admin ('Payment details changed: {eventName}'), since it decides where everyone's money goes.
 */
export async function tellPayeeChange(
  trx: Db,
  deps: Pick<Deps, "clock" | "config" | "mail">,
  access: Pick<Access, "event" | "user" | "role">,
  saved: EventRow,
): Promise<void> {
  await recordActivity(
    trx,
    deps,
    access,
    "event.payee-changed",
    `changed the payment details to ${saved.upiId ?? "none"} (${saved.payeeName ?? "no payee"})`,
  );
  const people = await trx
    .selectFrom("users")
    .select(["email", "firstName"])
    .where((eb) =>
      eb.or([
        eb("id", "=", saved.madeBy),
        eb(
          "id",
          "in",
          eb
            .selectFrom("eventOrganisers")
            .select("userId")
            .where("eventId", "=", saved.id)
            .where("role", "=", "admin"),
        ),
      ]),
    )
    .execute();
  const change = { by: fullName(access.user), upiId: saved.upiId, payeeName: saved.payeeName };
  await deps.mail.queue(
    trx,
    people.map((p) => payeeChangedMail(deps.config.appUrl, p, saved, change)),
  );
}
