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
  const cancel = splitQuery(confirm.cancelTo);
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
            POST's), and a link to it plus a #section would only scroll, not leave this step. A GET
            form replaces its action's query with its fields: `cancelTo`'s query goes as fields. */}
        <Form method="get" action={cancel.action}>
          {cancel.fields.map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={button({ tone: "secondary" })} data-testid="cancel">
            Cancel
          </button>
        </Form>
      </div>
    </section>
  );
}

/**
 * `/my/event/1?section=team#team` as the action `/my/event/1` and the fields of its query. With a
 * query the '#…' is left off: the page that asks has the same URL without it (the POST's), and a
 * URL differing only by its '#…' would only scroll. Without one, the GET adds an empty '?'.
 */
function splitQuery(to: string): { action: string; fields: [string, string][] } {
  const hash = to.indexOf("#");
  const [path = "", query = ""] = (hash < 0 ? to : to.slice(0, hash)).split("?");
  const fields = [...new URLSearchParams(query).entries()];
  return { action: fields.length || hash < 0 ? path : path + to.slice(hash), fields };
}
