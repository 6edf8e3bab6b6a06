import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Field, FormRefusal } from "#app/components/Field";
import { button, input } from "#app/styles/recipes.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/**
 * The claim form of /event/{n}/pay (SPEC-4 §2): the 12-digit UTR and an optional screenshot,
 * multipart, so it works without JavaScript; with it, the fields are checked before sending.
 */
export function ClaimForm({
  lastResult,
  busy,
  claimed,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
  claimed: boolean;
}) {
  const [form, fields] = useForm({
    id: "claim",
    lastResult,
    constraint: useFormConstraint("claim"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("claim", {}),
  });
  const { key: utrKey, ...utrProps } = getInputProps(fields.utr, { type: "text" });
  const { key: fileKey, ...fileProps } = getInputProps(fields.screenshot, { type: "file" });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
      <FormRefusal errors={form.errors} id={form.errorId} />
      <Field
        label="UTR (12-digit UPI transaction number)"
        meta={fields.utr}
        hint="Your payment app shows it on the payment's details"
      >
        <input
          key={utrKey}
          {...utrProps}
          inputMode="numeric"
          autoComplete="off"
          className={input()}
        />
      </Field>
      <Field
        label="Screenshot of the payment (optional)"
        meta={fields.screenshot}
        hint="PNG or JPEG up to 2 MB"
      >
        <input key={fileKey} {...fileProps} accept="image/png,image/jpeg" className={input()} />
      </Field>
      <button type="submit" className={button()} disabled={busy}>
        {claimed ? "Replace UTR" : "I have paid"}
      </button>
    </Form>
  );
}
