import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";
import { Form } from "@remix-run/react";
import type { OrganiserPaymentData } from "#server/contracts/payments-confirm";
import { Field, FormRefusal } from "#app/components/Field";
import { IntentButton } from "#app/components/IntentButton";
import { button, input } from "#app/styles/recipes.css";
import { CAN } from "./status";
import * as s from "./Payments.css";

/** A row form's refusal, for the row it was posted from. */
export interface RowResult {
  paymentId: string;
  intent: string;
  result: SubmissionResult<string[]>;
}

/**
 * One payment's actions (SPEC-4 §3): 'Confirm'; 'Reject' with a reason; 'Refund' (paid or
 * claimed: with the refund's UTR it is refunded at once, without it due) or 'Mark refunded' (a
 * refund due, with its UTR). The forms open under their names and work without JavaScript.
 */
export function PaymentActions({
  payment: p,
  row,
  busy,
}: {
  payment: OrganiserPaymentData;
  row?: RowResult | null;
  busy: boolean;
}) {
  const mine = row?.paymentId === p._id ? row : null;
  return (
    <div className={s.rowActions}>
      {CAN.confirm(p.status) ? (
        <IntentButton
          intent="confirm"
          label="Confirm"
          tone="primary"
          fields={{ paymentId: p._id }}
          busy={busy}
        />
      ) : null}
      {CAN.reject(p.status) ? (
        <RejectForm
          id={p._id}
          result={mine?.intent === "reject" ? mine.result : null}
          busy={busy}
        />
      ) : null}
      {CAN.refund(p.status) ? (
        <RefundForm
          id={p._id}
          due={p.status === "refund-due"}
          result={mine?.intent === "refund" ? mine.result : null}
          busy={busy}
        />
      ) : null}
    </div>
  );
}

function RejectForm({
  id,
  result,
  busy,
}: {
  id: string;
  result: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: `reject-${id}`,
    lastResult: result,
    constraint: useFormConstraint("paymentReject"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("paymentReject", {}),
  });
  const { key, ...reason } = getInputProps(fields.reason, { type: "text" });
  return (
    <details className={s.disclosure} open={!!result}>
      <summary className={s.summary}>Reject</summary>
      <Form method="post" {...getFormProps(form)} className={s.inlineForm} noValidate>
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="paymentId" value={id} />
        <FormRefusal errors={form.errors} id={form.errorId} />
        <Field label="Reason" meta={fields.reason} hint="The payer is e-mailed it">
          <input key={key} {...reason} className={input()} autoComplete="off" />
        </Field>
        <button type="submit" className={button({ tone: "danger", size: "sm" })} disabled={busy}>
          Reject
        </button>
      </Form>
    </details>
  );
}

function RefundForm({
  id,
  due,
  result,
  busy,
}: {
  id: string;
  due: boolean;
  result: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: `refund-${id}`,
    lastResult: result,
    constraint: useFormConstraint("paymentRefund"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("paymentRefund", {}),
  });
  const { key, ...utr } = getInputProps(fields.refundUtr, { type: "text" });
  const label = due ? "Mark refunded" : "Refund";
  return (
    <details className={s.disclosure} open={!!result}>
      <summary className={s.summary}>{label}</summary>
      <Form method="post" {...getFormProps(form)} className={s.inlineForm} noValidate>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="paymentId" value={id} />
        <FormRefusal errors={form.errors} id={form.errorId} />
        <Field
          label={due ? "Refund UTR" : "Refund UTR (if sent)"}
          meta={fields.refundUtr}
          hint={due ? undefined : "Without it the payment is marked refund due"}
        >
          <input key={key} {...utr} className={input()} inputMode="numeric" autoComplete="off" />
        </Field>
        <button type="submit" className={button({ tone: "secondary", size: "sm" })} disabled={busy}>
          {label}
        </button>
      </Form>
    </details>
  );
}
