import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";
import { Form } from "@remix-run/react";
import { Field, FormRefusal } from "#app/components/Field";
import { button, input } from "#app/styles/recipes.css";
import * as s from "./Pay.css";

/**
 * 'Cancel and ask for a refund' (SPEC-4 §3), for a paid place while registration is open: an
 * optional UPI ID to refund to, then a confirmation step; the API says when it is too late.
 */
export function CancelPaidForm({
  lastResult,
  busy,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "cancel-paid",
    lastResult,
    constraint: useFormConstraint("cancelPaid"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("cancelPaid", {}),
  });
  const { key, ...upi } = getInputProps(fields.refundUpiId, { type: "text" });
  return (
    <section id="cancel" className={s.cancel} aria-labelledby="cancel-title">
      <h2 id="cancel-title" className={s.subtitle}>
        Can't make it?
      </h2>
      <Form method="post" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="cancel-paid" />
        <FormRefusal errors={form.errors} id={form.errorId} />
        <Field
          label="UPI ID for the refund (optional)"
          meta={fields.refundUpiId}
          hint="Leave it empty to be refunded to the UPI ID you paid from"
        >
          <input
            key={key}
            {...upi}
            className={input()}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <button
          type="submit"
          className={button({ tone: "danger" })}
          disabled={busy}
          data-testid="cancel-paid"
        >
          Cancel and ask for a refund
        </button>
      </Form>
    </section>
  );
}
