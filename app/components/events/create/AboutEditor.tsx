import { getTextareaProps } from "@conform-to/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { field, fieldError, hint, input, label } from "#app/styles/recipes.css";
import * as s from "./create.css";
import type { Meta } from "./fields";
import { useHydrated } from "#app/utils/use-hydrated";

// Loaded on demand: public pages never import this module, creation pages fetch it after hydration.
const LexicalEditor = lazy(() => import("./LexicalEditor"));

/**
 * The About field. Without JavaScript: a textarea of plain text (a small Markdown subset, `markdown`
 * is the stored HTML converted on the server) sent with `aboutFormat=markdown`, which the action
 * turns back into HTML (app/utils/about-format.server.ts). With it: the Lexical editor writing HTML
 * into a hidden field of the same name, which the form submits. `resetKey` reloads the editor with
 * a new default text (when the event type changes).
 */
export function AboutEditor({
  meta,
  initialHtml,
  markdown,
  resetKey,
  onHtml,
}: {
  meta: Meta;
  initialHtml: string;
  markdown: string;
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
      {/* A heading, so the About's own headings (h3 in the default texts, as under the event
          page's "About" h2) keep the page's heading order. */}
      <h2 className={s.aboutHeading}>
        <label id={labelId} htmlFor={meta.id} className={label}>
          About Event
        </label>
      </h2>
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
        <>
          <input type="hidden" name="aboutFormat" value="markdown" form={meta.formId} />
          <textarea
            {...getTextareaProps(meta, { ariaDescribedBy: `${meta.id}-format` })}
            defaultValue={markdown}
            rows={12}
            className={input({ multiline: true })}
          />
        </>
      )}
      <p id={`${meta.id}-format`} className={hint}>
        {hydrated
          ? "Headings, bold, italic, lists and links are kept."
          : "Plain text. # Heading, **bold**, *italic*, - list item, [link text](https://…)."}
      </p>
      <p id={meta.errorId} className={fieldError} role={meta.errors?.length ? "alert" : undefined}>
        {meta.errors?.[0] ?? ""}
      </p>
    </div>
  );
}
