import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { OrganiserPaymentData } from "#server/contracts/payments-confirm";
import { formatRupees } from "#app/components/events/format";
import { Field, FormRefusal } from "#app/components/Field";
import { type StackColumn, StackTable } from "#app/components/organiser/StackTable";
import { button, input } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import { PaymentActions, type RowResult } from "./PaymentActions";
import { CAN, STATUS_LABELS } from "./status";
import * as s from "./Payments.css";

const BULK_FORM = "bulk-payments";

const nameOf = (p: OrganiserPaymentData) => `${p.payer.firstName} ${p.payer.lastName}`.trim();

function columns(
  eventNumber: string,
  row: RowResult | null,
  busy: boolean,
): StackColumn<OrganiserPaymentData>[] {
  const n = encodeURIComponent(eventNumber);
  return [
    {
      label: "Select",
      cell: (p) =>
        CAN.confirm(p.status) || CAN.reject(p.status) ? (
          <input
            type="checkbox"
            name="paymentId"
            value={p._id}
            form={BULK_FORM}
            className={s.tick}
            aria-label={`Select ${nameOf(p)} (${p.reference})`}
          />
        ) : null,
    },
    {
      label: "Payer",
      cell: (p) => (
        <div className={s.cell}>
          {nameOf(p)}
          <span className={s.small}>{p.payer.email}</span>
          {p.teamName ? <span className={s.small}>Team {p.teamName}</span> : null}
        </div>
      ),
    },
    {
      label: "Amount",
      cell: (p) => (
        <div className={s.cell}>
          {formatRupees(p.amount)}
          <span className={`${s.small} ${s.mono}`}>{p.reference}</span>
        </div>
      ),
    },
    {
      label: "Status",
      cell: (p) => (
        <div className={s.cell}>
          <span className={s.badge[p.status]} data-testid="payment-status">
            {STATUS_LABELS[p.status]}
          </span>
          {p.reason ? <span className={s.small}>Reason: {p.reason}</span> : null}
          {p.refundUpiId ? <span className={s.small}>Refund to {p.refundUpiId}</span> : null}
          {p.refundUtr ? <span className={s.small}>Refund UTR {p.refundUtr}</span> : null}
          {p.receiptNumber ? <span className={s.small}>Receipt {p.receiptNumber}</span> : null}
        </div>
      ),
    },
    {
      label: "UTR",
      cell: (p) => (
        <div className={s.cell}>
          {p.utr ? <span className={s.utr}>{p.utr}</span> : "—"}
          {p.hasScreenshot ? (
            <a
              href={`/api/v1/event/${n}/payments/${encodeURIComponent(p._id)}/screenshot`}
              target="_blank"
              rel="noreferrer"
              className={s.small}
              data-testid="screenshot-link"
            >
              Screenshot
            </a>
          ) : null}
        </div>
      ),
    },
    {
      label: "When",
      cell: (p) => (
        <div className={s.cell}>
          {formatDateTimeIST(p.createdAt)}
          {p.paidAt ? <span className={s.small}>Paid {formatDateTimeIST(p.paidAt)}</span> : null}
          {!p.paidAt && p.claimedAt ? (
            <span className={s.small}>Claimed {formatDateTimeIST(p.claimedAt)}</span>
          ) : null}
        </div>
      ),
    },
    { label: "Actions", cell: (p) => <PaymentActions payment={p} row={row} busy={busy} /> },
  ];
}

/** The payments, newest first: each with its actions, and a box to tick for the bulk buttons. */
export function PaymentsTable({
  eventNumber,
  items,
  row,
  busy,
}: {
  eventNumber: string;
  items: OrganiserPaymentData[];
  row: RowResult | null;
  busy: boolean;
}) {
  return (
    <StackTable
      data-testid="payments"
      columns={columns(eventNumber, row, busy)}
      rows={items}
      rowKey={(p) => p._id}
      rowTestId="payment-row"
    />
  );
}

/**
 * 'Confirm selected' and 'Reject selected' for the ticked rows (the boxes belong to this form by
 * their `form` attribute); both ask for confirmation first. Rejecting takes one reason for all.
 */
export function BulkForm({
  result,
  busy,
}: {
  result: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  // No check in the browser: which button was pressed decides whether a reason is needed.
  const [form, fields] = useForm({ id: BULK_FORM, lastResult: result });
  const { key, ...reason } = getInputProps(fields.reason, { type: "text" });
  return (
    <Form method="post" {...getFormProps(form)} className={s.bulk} noValidate>
      <p className={s.bulkNote}>Tick payments in the table to confirm or reject them together.</p>
      <FormRefusal errors={form.errors} id={form.errorId} />
      <div className={s.bulkReason}>
        <Field label="Reason (for rejecting)" meta={fields.reason}>
          <input key={key} {...reason} className={input()} autoComplete="off" />
        </Field>
      </div>
      <div className={s.bulkButtons}>
        <button
          type="submit"
          name="intent"
          value="bulk-confirm"
          className={button({ size: "sm" })}
          disabled={busy}
        >
          Confirm selected
        </button>
        <button
          type="submit"
          name="intent"
          value="bulk-reject"
          className={button({ tone: "danger", size: "sm" })}
          disabled={busy}
        >
          Reject selected
        </button>
      </div>
    </Form>
  );
}
