import { rupees } from "#server/contracts/payments";
import type { Mail } from "./outbox";
import { mail } from "./registration-mails";
import { appLink } from "./templates";

/** Mails of the organiser's decisions on payments (SPEC-4 §3). Links come from APP_URL only. */
type Person = { email: string; firstName: string };
type EventRef = { eventNumber: string; eventName: string | null };

const name = (e: EventRef) => e.eventName ?? `event ${e.eventNumber}`;

/** To the payer: the organiser did not find the money, and says why. */
export function paymentRejectedMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  p: { amount: number; reference: string; reason: string },
): Mail {
  return mail(
    to,
    `Payment not confirmed: ${name(event)}`,
    [
      `The organisers of ${name(event)} could not confirm your payment of ${rupees(p.amount)} (reference ${p.reference}), so your place was released.`,
      `Their reason: ${p.reason}`,
      "If you did pay, reply to the organisers with your UTR, or register again while registration is open.",
    ],
    { label: "See the event", url: appLink(appUrl, `/event/${event.eventNumber}`) },
  );
}

/** To the payer: the refund was sent, with its UTR. */
export function refundSentMail(
  appUrl: string,
  to: Person,
  event: EventRef,
  p: { amount: number; reference: string; refundUtr: string; note: string | null },
): Mail {
  return mail(
    to,
    `Refund sent: ${name(event)}`,
    [
      `The organisers of ${name(event)} sent you a refund of ${rupees(p.amount)} for the payment ${p.reference}.`,
      `The refund's UTR is ${p.refundUtr}.`,
      ...(p.note ? [`Their note: ${p.note}`] : []),
    ],
    { label: "See your payment", url: appLink(appUrl, `/event/${event.eventNumber}/pay`) },
  );
}
