import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { TextField } from "#app/components/Field";
import type { KeptFiles } from "#app/components/KeptFile";
import { LogoField, TextArea } from "#app/components/events/create/fields";
import * as p from "#app/components/accounts/Profile.css";
import { FormErrorToast } from "#app/components/Toast";
import { button } from "#app/styles/recipes.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/** /orgs/new (SPEC-4 §4): a real multipart form; a picked logo survives a refusal (kept). */
export function NewOrgForm({
  lastResult,
  kept,
  busy,
}: {
  lastResult?: SubmissionResult<string[]>;
  kept?: KeptFiles;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "new-org",
    lastResult,
    constraint: useFormConstraint("newOrg"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("newOrg", {}),
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
      <FormErrorToast errors={form.errors} id={form.errorId} />
      <div className={p.grid}>
        <TextField meta={fields.name} label="Name" autoComplete="organization" />
        <TextField meta={fields.handle} label="Handle (your page's address: /org/handle)" />
        <TextField meta={fields.college} label="College" />
        <TextField meta={fields.city} label="City" autoComplete="address-level2" />
        <TextField meta={fields.website} label="Website (optional)" autoComplete="url" />
        <TextField meta={fields.instagram} label="Instagram (optional)" />
      </div>
      <TextArea meta={fields.about} label="About (optional)" hint="Up to 2,000 characters." />
      <LogoField
        meta={fields.logo}
        kept={kept?.logo}
        label="Logo (optional)"
        hint="PNG, JPEG, WebP, GIF or AVIF, up to 10 MB."
        logo={null}
      />
      <div className={p.actions}>
        <button type="submit" className={button()} disabled={busy}>
          Create organisation
        </button>
      </div>
    </Form>
  );
}
