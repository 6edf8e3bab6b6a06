import { Form } from "@remix-run/react";
import { button } from "#app/styles/recipes.css";
import * as s from "./IntentButton.css";

/** A one-button form posting to the page's action: the intent and its hidden fields. */
export function IntentButton({
  intent,
  label,
  tone = "secondary",
  fields = {},
  busy = false,
  testId,
}: {
  intent: string;
  label: string;
  tone?: "primary" | "secondary" | "ghost" | "danger";
  fields?: Record<string, string>;
  /** While another form of the page is on its way: the button waits. */
  busy?: boolean;
  testId?: string;
}) {
  return (
    <Form method="post" className={s.inline}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={button({ tone, size: "sm" })}
        disabled={busy}
        data-testid={testId}
      >
        {label}
      </button>
    </Form>
  );
}
