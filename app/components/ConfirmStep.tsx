import { Form, useNavigation } from "@remix-run/react";
import { button } from "#app/styles/recipes.css";
import type { Confirmation } from "#app/utils/confirm";
import * as s from "./ConfirmStep.css";

/**
 * The confirmation step of an action that mails many people or cannot be undone. The page's
 * action answers it (`askToConfirm`) in place of acting; the page renders it in place of itself,
 * so it is the same with JavaScript on and off: what will happen, 'Confirm' posting the same
 * fields again with `confirmed`, and 'Cancel' back to the page as it was.
 */
export function ConfirmStep({ confirm }: { confirm: Confirmation }) {
  const busy = useNavigation().state === "submitting";
  const cancel = cancelForm(confirm.cancelTo);
  return (
    <section
      className={s.step}
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-lines"
      data-testid="confirm-step"
    >
      <h1 id="confirm-title" className={s.title}>
        {confirm.title}
      </h1>
      <div id="confirm-lines" className={s.lines}>
        {confirm.warning ? (
          <p className={s.warning} data-testid="confirm-warning">
            {confirm.warning}
          </p>
        ) : null}
        {confirm.lines.map((line) => (
          <p key={line} className={s.line}>
            {line}
          </p>
        ))}
      </div>
      <div className={s.actions}>
        <Form method="post" action={confirm.action}>
          {confirm.fields.map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <button
            type="submit"
            className={button({ tone: confirm.tone === "danger" ? "danger" : "primary" })}
            disabled={busy}
            data-testid="confirm"
          >
            {confirm.confirmLabel}
          </button>
        </Form>
        {/* A GET form, not a link: without JavaScript the page's URL is already `cancelTo` (the
            POST's), and a link to it plus a #section would only scroll, not leave this step. */}
        <Form method="get" action={cancel.action}>
          {/* A GET form drops its action's query: its fields carry it ('?s=…' back to a row). */}
          {cancel.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={button({ tone: "secondary" })} data-testid="cancel">
            Cancel
          </button>
        </Form>
      </div>
    </section>
  );
}

/** Where Cancel goes, as a GET form: the path (and hash) as its action, the query as its fields. */
function cancelForm(to: string): { action: string; fields: [string, string][] } {
  const q = to.indexOf("?");
  if (q < 0) return { action: to, fields: [] };
  const hash = to.indexOf("#", q);
  const query = hash < 0 ? to.slice(q + 1) : to.slice(q + 1, hash);
  const action = to.slice(0, q) + (hash < 0 ? "" : to.slice(hash));
  return { action, fields: [...new URLSearchParams(query)] };
}
