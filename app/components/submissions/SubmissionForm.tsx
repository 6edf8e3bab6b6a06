import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { Round } from "#server/contracts/event-shape";
import type { Submission } from "#server/contracts/submissions";
import { MAX_LINKS } from "#server/contracts/submission-limits";
import { Field, FormRefusal, TextField } from "#app/components/Field";
import { type KeptFile, KeptFileNote } from "#app/components/KeptFile";
import { button, input } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as s from "./SubmissionForm.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/**
 * The submission form of /event/{n}/rounds/{i}/submit (SPEC-3 §2): title, description, up to
 * three links (a field each, sent as repeated `links`), a PDF, PPTX or ZIP. A picked file kept
 * from a refused submit (JavaScript off too) shows as chosen; a saved file stays unless removed.
 */
export function SubmissionForm({
  eventNumber,
  round,
  submission,
  kept,
  lastResult,
  busy,
}: {
  eventNumber: string;
  round: Round;
  submission: Submission | null;
  kept?: KeptFile | null;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "submission",
    lastResult,
    // The round's rules are refinements: they change the validation, not the constraints.
    constraint: useFormConstraint("submission"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("submission", {
      requireLink: round.requireLink,
      requireFile: round.requireFile,
      hasFile: !!submission?.file || !!kept,
    }),
    defaultValue: {
      title: submission?.title ?? "",
      description: submission?.description ?? "",
    },
  });
  const typedLinks = lastResult?.initialValue?.links;
  const links = Array.isArray(typedLinks)
    ? typedLinks.map((v) => (typeof v === "string" ? v : ""))
    : typeof typedLinks === "string"
      ? [typedLinks]
      : (submission?.links ?? []);
  const { key: fileKey, ...fileProps } = getInputProps(fields.file, { type: "file" });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
      <FormRefusal errors={form.errors} id={form.errorId} />
      <input type="hidden" name="hasFile" value={submission?.file ? "true" : "false"} />
      <TextField meta={fields.title} label="Title" />
      <Field label="Description" meta={fields.description}>
        <textarea
          {...getTextareaProps(fields.description)}
          rows={6}
          className={input({ multiline: true })}
        />
      </Field>
      <Field
        label={round.requireLink ? "Links" : "Links (optional)"}
        htmlFor={`${fields.links.id}-0`}
        errorId={fields.links.errorId}
        errors={fields.links.errors}
        hint="Up to 3 links starting with http:// or https://"
      >
        <div className={s.links}>
          {Array.from({ length: MAX_LINKS }, (_, i) => (
            <input
              key={`${form.key}-${i}`}
              id={`${fields.links.id}-${i}`}
              name="links"
              type="url"
              inputMode="url"
              defaultValue={links[i] ?? ""}
              aria-label={`Link ${i + 1}`}
              aria-invalid={fields.links.errors ? true : undefined}
              aria-describedby={fields.links.errorId}
              className={input()}
            />
          ))}
        </div>
      </Field>
      <Field
        label={round.requireFile ? "File" : "File (optional)"}
        meta={fields.file}
        hint="One PDF, PPTX or ZIP, up to 10MB"
      >
        {submission?.file ? (
          <div className={s.current}>
            <a href={submission.file.url} download>
              {submission.file.name}
            </a>
            <label>
              <input type="checkbox" name="removeFile" value="true" /> Remove file
            </label>
          </div>
        ) : null}
        <KeptFileNote name="file" kept={kept} />
        <input key={fileKey} {...fileProps} accept=".pdf,.pptx,.zip" className={input()} />
      </Field>
      {submission ? (
        <p className={s.lead}>
          Submitted {formatDateTimeIST(submission.submittedAt)}; last saved by{" "}
          {submission.updatedBy.firstName} {formatDateTimeIST(submission.updatedAt)}.
        </p>
      ) : null}
      <div className={s.actions}>
        <Link to={`/event/${eventNumber}`} className={button({ tone: "secondary" })}>
          Cancel
        </Link>
        <button type="submit" className={button()} disabled={busy}>
          {submission ? "Save submission" : "Submit"}
        </button>
      </div>
    </Form>
  );
}
