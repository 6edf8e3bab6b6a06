import { askToConfirm } from "#app/utils/confirm.server";

/**
 * 'Declare a conflict' asks first (issue 45): it cannot be undone, the submission never comes
 * back to this judge, and their score of it goes.
 */
export function confirmConflict(form: FormData, back: string) {
  const title = String(form.get("title") ?? "").slice(0, 100);
  return askToConfirm(form, {
    title: "Declare a conflict?",
    lines: [
      title
        ? `“${title}” goes to another judge and never comes back to you.`
        : "The submission goes to another judge and never comes back to you.",
      "Your score of it, if you gave one, is deleted. This cannot be undone.",
    ],
    confirmLabel: "Declare a conflict",
    tone: "danger",
    cancelTo: back,
    action: back,
  });
}
