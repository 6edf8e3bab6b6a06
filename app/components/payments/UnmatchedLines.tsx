import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";
import { Form } from "@remix-run/react";
import type { StatementLineData } from "#server/contracts/payments-confirm";
import { formatRupees } from "#app/components/events/format";
import { Field, FormRefusal } from "#app/components/Field";
import { button, input } from "#app/styles/recipes.css";
import { StatementLines } from "./ImportSummary";
import { STATUS_LABELS } from "./status";
import * as s from "./Payments.css";
import type { PaymentStatus } from "#server/contracts/payments";

export interface Assignable {
  _id: string;
  reference: string;
  amount: number;
  name: string;
  status: PaymentStatus;
}

export interface AssignResult {
  lineId: string;
  result: SubmissionResult<string[]>;
}

/** Statement lines no payment matched, each with 'Assign' to a payment picked by hand. */
export function UnmatchedLines({
  lines,
  payments,
  assign,
  busy,
}: {
  lines: StatementLineData[];
  payments: Assignable[];
  assign: AssignResult | null;
  busy: boolean;
}) {
  if (!lines.length) return <p className={s.muted}>No unmatched lines.</p>;
  return (
    <StatementLines lines={lines} testId="unmatched-line">
      {(line) => (
        <AssignForm
          line={line}
          payments={payments}
          result={assign?.lineId === line._id ? assign.result : null}
          busy={busy}
        />
      )}
    </StatementLines>
  );
}

function AssignForm({
  line,
  payments,
  result,
  busy,
}: {
  line: StatementLineData;
  payments: Assignable[];
  result: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: `assign-${line._id}`,
    lastResult: result,
    constraint: useFormConstraint("statementAssign"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("statementAssign", {}),
  });
  const { key, ...select } = getSelectProps(fields.paymentId);
  // Payments of the line's amount first: the likely ones.
  const sorted = [...payments].sort(
    (a, b) => Number(b.amount === line.amount) - Number(a.amount === line.amount),
  );
  return (
    <Form method="post" {...getFormProps(form)} className={s.inlineForm} noValidate>
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="lineId" value={line._id} />
      <FormRefusal errors={form.errors} id={form.errorId} />
      <Field label="Payment" meta={fields.paymentId}>
        <select key={key} {...select} className={input()}>
          <option value="">Choose a payment</option>
          {sorted.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name} · {formatRupees(p.amount)} · {p.reference} · {STATUS_LABELS[p.status]}
            </option>
          ))}
        </select>
      </Field>
      <div className={s.actions}>
        <button type="submit" className={button({ size: "sm" })} disabled={busy}>
          Assign
        </button>
      </div>
    </Form>
  );
}
