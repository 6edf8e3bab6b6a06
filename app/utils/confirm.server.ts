import { data } from "@remix-run/node";
import type { Confirmation } from "./confirm";

/** True when the form came back from its confirmation step. */
export function isConfirmed(formData: FormData): boolean {
  return formData.get("confirmed") === "yes";
}

/**
 * The confirmation step as an action's answer: the page renders it in place of itself, with the
 * submitted text fields to post again. Only the web asks; the API acts as SPEC-2 defines it.
 */
export function askToConfirm(formData: FormData, confirm: Omit<Confirmation, "fields">) {
  const fields: [string, string][] = [];
  for (const [name, value] of formData.entries())
    if (name !== "confirmed" && typeof value === "string") fields.push([name, value]);
  return data({ confirm: { ...confirm, fields } satisfies Confirmation });
}
