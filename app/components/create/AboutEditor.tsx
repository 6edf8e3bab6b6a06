import { type FieldMetadata, getTextareaProps, useInputControl } from "@conform-to/react";
import { lazy, Suspense, useEffect } from "react";
import { input } from "~/styles/recipes.css";
import { fieldError, field, hint, label } from "~/styles/recipes.css";
import type { Meta } from "./fields";
import { useHydrated } from "./use-hydrated";

// Loaded on demand: public pages never import this module, creation pages fetch it after hydration.
const LexicalEditor = lazy(() => import("./LexicalEditor"));

/**
 * The About field. Without JavaScript: a textarea for HTML or plain text. With it: the Lexical
 * editor writing HTML into a hidden field of the same name. `resetKey` reloads the editor with a
 * new default text (when the event type changes).
 */
export function AboutEditor({
  meta,
  initialHtml,
  resetKey,
  onHtml,
}: {
  meta: Meta;
  initialHtml: string;
  resetKey?: string;
  onHtml?: (html: string) => void;
}) {
  const hydrated = useHydrated();
  const control = useInputControl(meta as FieldMetadata<string, Record<string, unknown>, string[]>);
  useEffect(() => {
    if (hydrated && typeof control.value === "string") onHtml?.(control.value);
  }, [hydrated, control.value, onHtml]);
  // A new default text (the type changed) replaces the field's value even before anyone types.
  useEffect(() => {
    if (hydrated && resetKey !== undefined) control.change(initialHtml);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);
  const labelId = `${meta.id}-label`;
  return (
    <div className={field}>
      <label id={labelId} htmlFor={meta.id} className={label}>
        About Event
      </label>
      {hydrated ? (
        <>
          <input type="hidden" name={meta.name} defaultValue={initialHtml} form={meta.formId} />
          <Suspense fallback={<textarea className={input({ multiline: true })} defaultValue={initialHtml} readOnly aria-busy="true" />}>
            <LexicalEditor key={resetKey} initialHtml={initialHtml} labelledBy={labelId} onChange={(html) => control.change(html)} />
          </Suspense>
        </>
      ) : (
        <textarea {...getTextareaProps(meta)} defaultValue={initialHtml} rows={10} className={input({ multiline: true })} />
      )}
      <p className={hint}>Headings, bold, italic, lists and links are kept. Without the editor, plain text or HTML works.</p>
      <p id={meta.errorId} className={fieldError} role={meta.errors?.length ? "alert" : undefined}>
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}
