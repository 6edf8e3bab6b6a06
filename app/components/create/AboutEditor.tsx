import { getTextareaProps } from "@conform-to/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { field, fieldError, hint, input, label } from "#app/styles/recipes.css";
import type { Meta } from "./fields";
import { useHydrated } from "#app/utils/use-hydrated";

// Loaded on demand: public pages never import this module, creation pages fetch it after hydration.
const LexicalEditor = lazy(() => import("./LexicalEditor"));

/**
 * The About field. Without JavaScript: a textarea for HTML or plain text. With it: the Lexical
 * editor writing HTML into a hidden field of the same name, which the form submits. `resetKey`
 * reloads the editor with a new default text (when the event type changes).
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
  const [html, setHtml] = useState(initialHtml);
  // A new default text (the type changed) replaces the value even before anyone types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger: a new default text replaces the value
  useEffect(() => setHtml(initialHtml), [initialHtml, resetKey]);
  const labelId = `${meta.id}-label`;
  return (
    <div className={field}>
      <label id={labelId} htmlFor={meta.id} className={label}>
        About Event
      </label>
      {hydrated ? (
        <>
          <input type="hidden" name={meta.name} value={html} form={meta.formId} />
          <Suspense
            fallback={
              <textarea
                className={input({ multiline: true })}
                value={html}
                readOnly
                aria-busy="true"
              />
            }
          >
            <LexicalEditor
              key={resetKey}
              initialHtml={initialHtml}
              labelledBy={labelId}
              onChange={(next) => {
                setHtml(next);
                onHtml?.(next);
              }}
            />
          </Suspense>
        </>
      ) : (
        <textarea
          {...getTextareaProps(meta)}
          defaultValue={initialHtml}
          rows={10}
          className={input({ multiline: true })}
        />
      )}
      <p className={hint}>
        Headings, bold, italic, lists and links are kept. Without the editor, plain text or HTML
        works.
      </p>
      <p id={meta.errorId} className={fieldError} role={meta.errors?.length ? "alert" : undefined}>
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}
