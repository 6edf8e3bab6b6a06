import { formatDateTimeIST } from "#server/contracts/dates";
import { rupees } from "#server/contracts/payments";
import type { Mail } from "./outbox";
import { mail } from "./registration-mails";
import { appLink } from "./templates";

/** Mails of fees and payments (SPEC-4 §1, §2). Links come from APP_URL only. */
type Person = { email: string; firstName: string };
type EventRef = { eventNumber: string; eventName: string | null };

const name = (e: EventRef) => e.eventName ?? `event ${e.eventNumber}`;

/** To the payer when a place is taken and held for payment. */
export function completePaymentMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  p: { amount: number; reference: string; holdUntil: string },
): Mail {
  return mail(
    to,
    `Complete your payment for ${name(event)}`,
    [
      `Your place at ${name(event)} is held until ${formatDateTimeIST(p.holdUntil)} (India time).`,
      `Pay ${rupees(p.amount)} by UPI and enter the UTR from your payment app on the payment page. Write ${p.reference} in the note if your app asks.`,
      "If it is not paid by then, the place is released.",
    ],
    { label: "Pay now", url: appLink(appUrl, `/event/${event.eventNumber}/pay`) },
  );
}

/** To each person whose place went because its payment's hold passed. */
export function placeReleasedMail(appUrl: string, to: Person, event: EventRef): Mail {
  return mail(
    to,
    `Your place at ${name(event)} was released`,
    [
      `The payment for your place at ${name(event)} was not made in time, so the place was released.`,
      "You may register again while registration is open.",
    ],
    { label: "See the event", url: appLink(appUrl, `/event/${event.eventNumber}`) },
  );
}

/** To the owner and every admin: where everyone's money goes has changed. */
export function payeeChangedMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  change: { by: string; upiId: string | null; payeeName: string | null },
): Mail {
  return mail(
    to,
    `Payment details changed: ${name(event)}`,
    [
      `${change.by} changed where the fees of ${name(event)} are paid.`,
      `UPI ID: ${change.upiId ?? "none"}. Payee: ${change.payeeName ?? "none"}.`,
      "If you did not expect this, check the event's activity log and change it back.",
    ],
    { label: "See the event", url: appLink(appUrl, `/event/${event.eventNumber}`) },
  );
}

/**
 * To the payer when their payment becomes paid. The receipt PDF is attached when the mail is
 * sent (the outbox keeps only `{ kind: "receipt", paymentId }`; server/mail/attachments.ts).
 */
export function paymentReceivedMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  p: { id: string; amount: number; receiptNumber: string },
): Mail {
  return {
    ...mail(
      to,
      `Payment received: ${name(event)}`,
      [
        `We received your payment of ${rupees(p.amount)} for ${name(event)}. Your place is confirmed.`,
        `Your receipt ${p.receiptNumber} is attached as a PDF; you can also download it from the payment page.`,
      ],
      { label: "See your payment", url: appLink(appUrl, `/event/${event.eventNumber}/pay`) },
    ),
    attachments: [{ kind: "receipt", paymentId: p.id }],
  };
}
