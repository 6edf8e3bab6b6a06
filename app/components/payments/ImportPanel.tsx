import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import type { ImportResultData } from "#server/contracts/payments-confirm";
import { Field, FormRefusal } from "#app/components/Field";
import { button, input } from "#app/styles/recipes.css";
import { useHydrated } from "#app/utils/use-hydrated";
import { type ColumnPicks, guessColumns } from "./columns";
import type { PreviewView } from "./import-form";
import { useFormValidation, type Validate } from "#app/utils/lazy-validation";
import { ImportSummary } from "./ImportSummary";
import * as s from "./Payments.css";

type Answer = { preview?: PreviewView | null; importResult?: SubmissionResult<string[]> };

const PICKS: { name: keyof ColumnPicks; label: string }[] = [
  { name: "dateColumn", label: "Date column" },
  { name: "amountColumn", label: "Amount column" },
  { name: "narrationColumn", label: "Narration column" },
  { name: "referenceColumn", label: "Reference column (optional)" },
];

/**
 * 'Import bank statement' (SPEC-4 §3). Without JavaScript: 'Upload' sends the file, the page comes
 * back with selects of its header's columns (guessed from their words), 'Import' imports it. With
 * JavaScript the file is sent when picked and the selects appear in place. A refusal comes back
 * with every choice as it was, the message under its field.
 */
export function ImportPanel({
  answer,
  imported,
  busy,
}: {
  answer: Answer | null;
  imported: ImportResultData | null;
  busy: boolean;
}) {
  const fetcher = useFetcher<Answer>();
  const hydrated = useHydrated();
  const latest = fetcher.data ?? answer;
  const preview = latest?.preview ?? null;
  const validateImport = useFormValidation("statementImport", {});
  const validatePreview = useFormValidation("statementPreview", {});
  const [form, fields] = useForm({
    id: "statement-import",
    lastResult: latest?.importResult ?? null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // Only the import's columns are checked in the browser; the preview's file is the API's to judge.
    onValidate:
      validateImport &&
      validatePreview &&
      (((context) =>
        context.formData.get("intent") === "import"
          ? validateImport(context)
          : validatePreview(context)) as Validate<Record<string, unknown>>),
  });
  const guess = guessColumns(preview?.columns ?? []);
  const reading = fetcher.state !== "idle";
  const fileErrors = fields.file.errors ?? fields.fileKey.errors;
  return (
    <>
      {imported ? <ImportSummary result={imported} /> : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className={s.inlineForm}
        noValidate
      >
        <FormRefusal errors={form.errors} id={form.errorId} />
        <Field
          label="Bank statement (CSV)"
          htmlFor={fields.file.id}
          errorId={fields.file.errorId}
          errors={fileErrors}
          hint={
            preview?.fileName
              ? `Read: ${preview.fileName}. Pick another file to start again.`
              : "A CSV, semicolon or tab separated file from your bank or UPI app, up to 5 MB"
          }
        >
          <input
            id={fields.file.id}
            // With JavaScript the picked file is sent at once; 'Import' then needs only its key.
            name={hydrated && preview ? undefined : "file"}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
            className={input()}
            aria-invalid={fileErrors?.length ? true : undefined}
            aria-describedby={fileErrors?.length ? fields.file.errorId : undefined}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (!hydrated || !file) return;
              const body = new FormData();
              body.set("intent", "preview");
              body.set("file", file);
              fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
            }}
          />
        </Field>
        {reading ? (
          <p className={s.muted} role="status">
            Reading the file…
          </p>
        ) : null}
        {!hydrated ? (
          <div className={s.actions}>
            <button
              type="submit"
              name="intent"
              value="preview"
              className={button({ tone: preview ? "secondary" : "primary", size: "sm" })}
              disabled={busy}
            >
              {preview ? "Upload another file" : "Upload"}
            </button>
          </div>
        ) : null}
        {preview ? (
          <div key={preview.fileKey} className={s.inlineForm} data-testid="import-columns">
            <input type="hidden" name="fileKey" value={preview.fileKey} />
            <input type="hidden" name="fileName" value={preview.fileName} />
            <input type="hidden" name="sample" value={JSON.stringify(preview.sample)} />
            {preview.columns.map((c, i) => (
              <input key={`${c}-${i}`} type="hidden" name="columns" value={c} />
            ))}
            <Sample preview={preview} />
            <div className={s.columnsGrid}>
              {PICKS.map(({ name, label }) => {
                const meta = fields[name];
                const { key, ...props } = getSelectProps(meta);
                return (
                  <Field key={name} label={label} meta={meta}>
                    <select
                      key={key}
                      {...props}
                      defaultValue={(meta.initialValue as string | undefined) ?? guess[name]}
                      className={input()}
                    >
                      <option value="">
                        {name === "referenceColumn" ? "None" : "Choose a column"}
                      </option>
                      {preview.columns.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  </Field>
                );
              })}
            </div>
            <div className={s.actions}>
              <button
                type="submit"
                name="intent"
                value="import"
                className={button({ size: "sm" })}
                disabled={busy || reading}
              >
                Import
              </button>
            </div>
          </div>
        ) : null}
      </Form>
    </>
  );
}

/** The file's first lines under its header, so the organiser sees which column is which. */
function Sample({ preview }: { preview: PreviewView }) {
  if (!preview.sample.length) return null;
  return (
    <div className={s.sampleWrap}>
      <table className={s.sample} aria-label="The file's first lines">
        <thead>
          <tr>
            {preview.columns.map((c, i) => (
              <th key={`${c}-${i}`} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.sample.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
