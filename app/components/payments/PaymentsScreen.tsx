import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type {
  ImportResultData,
  OrganiserPaymentData,
  PaymentTotals as Totals,
  StatementLineData,
} from "#server/contracts/payments-confirm";
import { PAYMENT_STATUSES } from "#server/contracts/payment-statuses";
import { OrganiserSection } from "#app/components/organiser/OrganiserSection";
import * as o from "#app/components/organiser/Organiser.css";
import { button, input } from "#app/styles/recipes.css";
import { visuallyHidden } from "#app/styles/global.css";
import type { PreviewView } from "./import-form";
import type { RowResult } from "./PaymentActions";
import { PaymentTotals } from "./PaymentTotals";
import { BulkForm, PaymentsTable } from "./PaymentsTable";
import { CAN, STATUS_LABELS } from "./status";
import type { Assignable, AssignResult } from "./UnmatchedLines";
import { lazyPart } from "#app/utils/lazy-part";
import * as s from "./Payments.css";

// The statement import and the lines it left to assign load after the page (decision 040): the
// server renders them in full, and the list of payments, what an organiser opens the page for,
// is ready first.
const ImportPanel = lazyPart(() => import("./ImportPanel").then((m) => m.ImportPanel));
const UnmatchedLines = lazyPart(() => import("./UnmatchedLines").then((m) => m.UnmatchedLines));

export interface PaymentsPageData {
  eventName: string;
  eventNumber: string;
  status: string;
  q: string;
  totals: Totals;
  items: OrganiserPaymentData[];
  unmatched: StatementLineData[];
  assignable: Assignable[];
}

/** What the page's forms answered, by form. */
export interface PaymentsAnswers {
  row: RowResult | null;
  bulk: SubmissionResult<string[]> | null;
  importAnswer: {
    at: number;
    preview?: PreviewView | null;
    importResult?: SubmissionResult<string[]>;
    imported?: ImportResultData;
  } | null;
  assign: AssignResult | null;
}

/**
 * /my/event/{n}/payments (SPEC-4 §3): the totals, 'Import bank statement', the lines to assign
 * by hand, then every payment, filtered and searched, with its actions and the bulk buttons.
 */
export function PaymentsScreen({
  page,
  answers,
  busy,
}: {
  page: PaymentsPageData;
  answers: PaymentsAnswers;
  busy: boolean;
}) {
  const n = page.eventNumber;
  const { importAnswer } = answers;
  return (
    <div className={o.page}>
      <header className={o.head}>
        <h1 className={o.title}>Payments{page.eventName ? `: ${page.eventName}` : ""}</h1>
        <p className={o.status}>
          Event {n} · <Link to={`/my/event/${n}`}>Back to the event</Link>
        </p>
        <div className={s.actions}>
          <a
            href={`/my/event/${n}/payments.csv`}
            download
            className={button({ tone: "secondary", size: "sm" })}
          >
            Download CSV
          </a>
        </div>
        <PaymentTotals totals={page.totals} />
      </header>
      <OrganiserSection id="import" title="Import bank statement">
        <p className={s.muted}>
          Payments whose UTR or reference appear on a credit of the same amount are confirmed.
          Importing the same file again changes nothing.
        </p>
        <ImportPanel
          key={String(importAnswer?.at ?? "new")}
          answer={importAnswer?.imported ? null : importAnswer}
          imported={importAnswer?.imported ?? null}
          busy={busy}
        />
      </OrganiserSection>
      <OrganiserSection id="unmatched" title="Unmatched lines">
        {page.unmatched.length ? (
          <UnmatchedLines
            lines={page.unmatched}
            payments={page.assignable}
            assign={answers.assign}
            busy={busy}
          />
        ) : (
          <p className={s.muted}>No unmatched lines.</p>
        )}
      </OrganiserSection>
      <OrganiserSection id="payments" title="Payments">
        <Filters status={page.status} q={page.q} />
        {page.items.length === 0 ? (
          <p className={s.muted}>
            {page.q || page.status ? "No payment matches." : "No payments yet."}
          </p>
        ) : (
          <>
            {page.items.some((p) => CAN.confirm(p.status) || CAN.reject(p.status)) ? (
              <BulkForm result={answers.bulk} busy={busy} />
            ) : null}
            <div className={o.tableWrap}>
              <PaymentsTable eventNumber={n} items={page.items} row={answers.row} busy={busy} />
            </div>
          </>
        )}
      </OrganiserSection>
    </div>
  );
}

/** The status filter and the search, one GET form: each view is a URL. */
function Filters({ status, q }: { status: string; q: string }) {
  return (
    <Form method="get" role="search" className={s.filters} key={`${status}|${q}`}>
      <label htmlFor="payments-status" className={visuallyHidden}>
        Status
      </label>
      <select
        id="payments-status"
        name="status"
        defaultValue={status}
        className={`${input()} ${s.filterSelect}`}
      >
        <option value="">All statuses</option>
        {PAYMENT_STATUSES.map((x) => (
          <option key={x} value={x}>
            {STATUS_LABELS[x]}
          </option>
        ))}
      </select>
      <label htmlFor="payments-q" className={visuallyHidden}>
        Search payments
      </label>
      <input
        id="payments-q"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder="Name, reference or UTR"
        className={`${input()} ${o.grow}`}
      />
      <button type="submit" className={button({ size: "sm" })}>
        Search
      </button>
    </Form>
  );
}
