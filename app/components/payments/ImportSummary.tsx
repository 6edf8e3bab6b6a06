import type { ImportResultData, StatementLineData } from "#server/contracts/payments-confirm";
import { formatRupees } from "#app/components/events/format";
import * as s from "./Payments.css";

/** What an import did (SPEC-4 §3): its counts, and the lines whose amount differs from the payment's. */
export function ImportSummary({ result }: { result: ImportResultData }) {
  const counts: [string, number, string][] = [
    ["lines", result.lines, "lines"],
    ["credits", result.credits, "credits"],
    ["matched", result.matched, "matched and confirmed"],
    ["already-paid", result.alreadyPaid, "already paid"],
    ["duplicates", result.duplicates, "imported before"],
    ["mismatched", result.mismatched.length, "with another amount"],
    ["unmatched", result.unmatched.length, "unmatched"],
  ];
  return (
    <div className={s.inlineForm} role="status" data-testid="import-result">
      <ul className={s.counts}>
        {counts.map(([id, n, label]) => (
          <li key={id} className={s.count} data-testid={`import-${id}`}>
            <strong>{n.toLocaleString("en-IN")}</strong> {label}
          </li>
        ))}
      </ul>
      {result.mismatched.length ? (
        <>
          <p className={s.muted}>
            These lines name a payment but for another amount; nothing was changed:
          </p>
          <StatementLines lines={result.mismatched} testId="mismatched-line" />
        </>
      ) : null}
    </div>
  );
}

/** Statement lines as a list: the date, the amount and the narration. */
export function StatementLines({
  lines,
  testId,
  children,
}: {
  lines: StatementLineData[];
  testId: string;
  children?: (line: StatementLineData) => React.ReactNode;
}) {
  return (
    <ul className={s.lines}>
      {lines.map((l) => (
        <li key={l._id} className={s.line} data-testid={testId}>
          <span>
            <strong>{formatAmount(l.amount)}</strong> · {formatLineDate(l.date)}
          </span>
          <span className={`${s.small} ${s.mono}`}>{l.narration}</span>
          {children?.(l)}
        </li>
      ))}
    </ul>
  );
}

/** Whole rupees as ₹1,299; a line with paise as ₹299.50. */
function formatAmount(amount: number): string {
  return Number.isInteger(amount)
    ? formatRupees(amount)
    : `₹${amount.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `2026-11-29` as 29 Nov 2026; a date the reader could not read stays as it was written. */
function formatLineDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}
