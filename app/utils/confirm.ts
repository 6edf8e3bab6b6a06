/**
 * What a confirmation step says and re-posts (`ConfirmStep`): an action that mails many people or
 * cannot be undone answers this first, and acts only when the form comes back with `confirmed`.
 */
export interface Confirmation {
  title: string;
  lines: string[];
  /** Said first, in red: 'Round 2 has not started yet…'. */
  warning?: string;
  confirmLabel: string;
  tone?: "danger" | "primary";
  /** Where Cancel goes: the page, unchanged. */
  cancelTo: string;
  /** The form's action, when the page that asks is not the one that acts. */
  action?: string;
  /** The submitted fields, posted again as they were. */
  fields: [string, string][];
}

/** 'This will e-mail 42 people'. */
export function mailsLine(people: number): string {
  return people === 0
    ? "Nobody will be e-mailed."
    : `This will e-mail ${people} ${people === 1 ? "person" : "people"}.`;
}
