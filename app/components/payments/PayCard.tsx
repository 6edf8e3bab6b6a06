import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { MyPaymentData } from "#server/contracts/payments";
import { CopyButton } from "#app/components/registration/CopyButton";
import { formatRupees } from "#app/components/events/format";
import { button } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import { CancelPaidForm } from "./CancelPaidForm";
import { ClaimForm } from "./ClaimForm";
import { Countdown } from "./Countdown";
import * as s from "./Pay.css";
import { ReceiptLink } from "./ReceiptLink";

export interface PayView extends MyPaymentData {
  qr: { size: number; d: string };
  eventNumber: string;
}

const STATUS: Record<MyPaymentData["status"], string> = {
  pending: "",
  claimed: "Thank you: the organiser will confirm your payment from their bank statement.",
  paid: "Paid: your place is confirmed.",
  rejected: "The organiser could not confirm this payment. Your place was released.",
  expired:
    "The time to pay has passed and the place was released. If you paid, enter the UTR below.",
  "refund-due": "This payment will be refunded.",
  refunded: "This payment was refunded.",
};

/**
 * The payment page (SPEC-4 §2): the amount, 'Pay by {time}', the QR of the UPI link drawn on the
 * server, 'Pay with a UPI app', the UPI ID to copy, the reference, the refund policy and the claim
 * form. Everything works without JavaScript; with it the time left counts down.
 */
export function PayCard({
  pay,
  lastResult,
  cancelResult,
  busy,
}: {
  pay: PayView;
  lastResult?: SubmissionResult<string[]> | null;
  cancelResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const open = pay.status === "pending" || pay.status === "claimed" || pay.status === "expired";
  const toPay = pay.status === "pending" || pay.status === "expired";
  return (
    <article className={s.page} data-testid="pay">
      <h1 className={s.title}>
        {pay.status === "pending" ? "Complete your payment" : "Your payment"}
      </h1>
      <p className={s.note}>
        <Link to={`/event/${pay.eventNumber}`}>{pay.eventName}</Link>
      </p>
      <p className={s.amount} data-testid="amount">
        {formatRupees(pay.amount)}
      </p>
      {pay.status === "pending" ? (
        <p className={s.deadline}>
          Pay by {formatDateTimeIST(pay.holdUntil)}
          <Countdown until={pay.holdUntil} />
        </p>
      ) : (
        <p className={s.status} role="status">
          {STATUS[pay.status]}
        </p>
      )}
      {pay.status === "paid" ? <ReceiptLink eventNumber={pay.eventNumber} /> : null}
      {toPay ? (
        <>
          <svg
            className={s.qr}
            viewBox={`0 0 ${pay.qr.size} ${pay.qr.size}`}
            role="img"
            aria-label="UPI QR code: scan it with any UPI app"
            data-testid="upi-qr"
          >
            <rect width={pay.qr.size} height={pay.qr.size} fill="#fff" />
            <path d={pay.qr.d} fill="#000" />
          </svg>
          <a href={pay.upiUri} className={button()} data-testid="upi-link">
            Pay with a UPI app
          </a>
        </>
      ) : null}
      <div className={s.row}>
        <span>
          UPI ID: <span className={s.mono}>{pay.upiId}</span> ({pay.payeeName})
        </span>
        <CopyButton text={pay.upiId} label="Copy UPI ID" testId="copy-upi" />
      </div>
      <p className={s.note}>
        Reference <strong className={s.mono}>{pay.reference}</strong>.{" "}
        {`Write ${pay.reference} in the note if your app asks.`}
      </p>
      {pay.utr ? <p className={s.note}>UTR you entered: {pay.utr}</p> : null}
      {pay.refundPolicy ? (
        <p className={s.note}>
          <strong>Refund policy:</strong> {pay.refundPolicy}
        </p>
      ) : null}
      {open ? (
        <ClaimForm lastResult={lastResult} busy={busy} claimed={pay.status === "claimed"} />
      ) : null}
      {pay.status === "paid" && pay.amount > 0 ? (
        <CancelPaidForm lastResult={cancelResult} busy={busy} />
      ) : null}
    </article>
  );
}
