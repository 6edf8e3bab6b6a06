import type { EventData } from "#server/contracts/event-shape";
import type { RegistrationData } from "#server/contracts/registration";
import { receiptPath } from "#server/contracts/receipts";
import { button } from "#app/styles/recipes.css";

/**
 * 'Download receipt' (SPEC-4 §3): a plain link to the API's PDF of the viewer's paid payment,
 * which the browser downloads with or without JavaScript.
 */
export function ReceiptLink({ eventNumber }: { eventNumber: string }) {
  return (
    <a
      href={receiptPath(eventNumber)}
      className={button({ tone: "secondary" })}
      download
      data-testid="download-receipt"
    >
      Download receipt
    </a>
  );
}

/**
 * Whether a registration's paid payment is the viewer's own, so it has a receipt for them: fees
 * per person are each member's; a registration's fee is paid by its team's leader (the payment
 * passes to a new leader) or by the individual registrant.
 */
export function paidByViewer(
  event: Pick<EventData, "feePer">,
  registration: Pick<RegistrationData, "payment" | "team">,
  viewerId: string | undefined,
): boolean {
  if (registration.payment?.status !== "paid") return false;
  const team = registration.team;
  return event.feePer === "person" || !team || team.leaderId === viewerId;
}
