import {
  type FieldMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { Organisation } from "#server/contracts/orgs";
import { TextField } from "#app/components/Field";
import type { KeptFiles } from "#app/components/KeptFile";
import { LogoField, TextArea } from "#app/components/events/create/fields";
import * as p from "#app/components/accounts/Profile.css";
import { FormErrorToast } from "#app/components/Toast";
import { button, hint } from "#app/styles/recipes.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

type Meta = FieldMetadata<string | undefined>;
type DetailFields = Record<
  "name" | "college" | "city" | "website" | "instagram" | "about",
  Meta
> & { logo: FieldMetadata<File | undefined> };

/** The fields an organisation is described by (all but its handle), shared by both forms. */
function OrgFields({
  fields,
  kept,
  logo,
  handle,
}: {
  fields: DetailFields;
  kept?: KeptFiles;
  logo: string | null;
  /** The handle field, only when the organisation is made: it never changes after. */
  handle?: Meta;
}) {
  return (
    <>
      <div className={p.grid}>
        <TextField meta={fields.name} label="Name" autoComplete="organization" />
        {handle ? (
          <TextField meta={handle} label="Handle (your page's address: /org/handle)" />
        ) : null}
        <TextField meta={fields.college} label="College" />
        <TextField meta={fields.city} label="City" autoComplete="address-level2" />
        <TextField meta={fields.website} label="Website (optional)" autoComplete="url" />
        <TextField meta={fields.instagram} label="Instagram (optional)" />
      </div>
      <TextArea
        meta={fields.about}
        label="About (optional)"
        hint="Up to 2,000 characters. Markdown: **bold**, *italic*, - lists, [links](https://…)."
      />
      <LogoField
        meta={fields.logo}
        kept={kept?.logo}
        label="Logo (optional)"
        hint="PNG, JPEG, WebP, GIF or AVIF, up to 10 MB."
        logo={logo}
      />
    </>
  );
}

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
      <OrgFields fields={fields} kept={kept} logo={null} handle={fields.handle} />
      <div className={p.actions}>
        <button type="submit" className={button()} disabled={busy}>
          Create organisation
        </button>
      </div>
    </Form>
  );
}

/** The settings page's details (SPEC-4 §4: the same fields but the handle), filled in. */
export function OrgDetailsForm({
  org,
  lastResult,
  kept,
  busy,
}: {
  org: Organisation;
  lastResult?: SubmissionResult<string[]>;
  kept?: KeptFiles;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "org-details",
    lastResult,
    constraint: useFormConstraint("orgDetails"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("orgDetails", {}),
    defaultValue: {
      name: org.name,
      college: org.college,
      city: org.city,
      about: org.about ?? "",
      website: org.website ?? "",
      instagram: org.instagram ?? "",
    },
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="details" />
      <FormErrorToast errors={form.errors} id={form.errorId} />
      <OrgFields fields={fields} kept={kept} logo={org.logo} />
      <p className={hint}>Changing the college ends its verification.</p>
      <div className={p.actions}>
        <button type="submit" className={button()} disabled={busy}>
          Save details
        </button>
      </div>
    </Form>
  );
}
