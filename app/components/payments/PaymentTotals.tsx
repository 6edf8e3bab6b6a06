import type { PaymentTotals as Totals } from "#server/contracts/payments-confirm";
import { formatRupees } from "#app/components/events/format";
import * as s from "./Payments.css";

const PARTS: { key: keyof Totals; label: string }[] = [
  { key: "collected", label: "Collected" },
  { key: "claimed", label: "Claimed, to confirm" },
  { key: "pending", label: "Pending" },
  { key: "refundDue", label: "Refund due" },
  { key: "refunded", label: "Refunded" },
];

/** The event's money at a glance (SPEC-4 §3), in rupees with Indian digit grouping. */
export function PaymentTotals({ totals }: { totals: Totals }) {
  return (
    <dl className={s.totals} data-testid="payment-totals">
      {PARTS.map(({ key, label }) => (
        <div
          key={key}
          className={key === "collected" ? s.collected : s.total}
          data-testid={`total-${key}`}
        >
          <dt className={s.totalLabel}>{label}</dt>
          <dd className={s.totalValue}>{formatRupees(totals[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
