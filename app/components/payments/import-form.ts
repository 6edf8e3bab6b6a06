import {
  CONFIRM_MESSAGES,
  type ImportPreviewData,
  importColumnsSchema,
} from "#server/contracts/payments-confirm";
import { z } from "#server/contracts/zod";

/**
 * The import's second form (SPEC-4 §3): the columns picked from the previewed file's header, and
 * the key the API kept the file under. Shared by the browser's check and the action's.
 */
export const importFormSchema = importColumnsSchema.extend({
  fileKey: z
    .string({ error: CONFIRM_MESSAGES.fileKeyInvalid })
    .trim()
    .min(1, CONFIRM_MESSAGES.fileKeyInvalid)
    .max(100),
});

/** A preview as the page keeps it between its two forms: the file's name besides the API's. */
export interface PreviewView extends ImportPreviewData {
  fileName: string;
}

/** The preview a form carried back in hidden fields, so a refused import keeps every choice. */
export function previewFromForm(form: FormData): PreviewView | null {
  const fileKey = String(form.get("fileKey") ?? "").slice(0, 100);
  if (!fileKey) return null;
  let sample: string[][] = [];
  try {
    const parsed: unknown = JSON.parse(String(form.get("sample") ?? "[]"));
    if (Array.isArray(parsed))
      sample = parsed.slice(0, 3).map((row) => (Array.isArray(row) ? row.map(String) : []));
  } catch {
    sample = [];
  }
  return {
    fileKey,
    fileName: String(form.get("fileName") ?? "").slice(0, 200),
    columns: form
      .getAll("columns")
      .map((c) => String(c).slice(0, 200))
      .slice(0, 100),
    sample,
  };
}
