import type { AppLoadContext } from "@remix-run/node";
import { MAX_UPLOAD_BYTES, PENDING_GONE } from "#server/contracts/constants";
import type { KeptFile, KeptFiles } from "#app/components/KeptFile";
import { type ApiResult, callApi } from "./api.server";

/** The file fields of a form and the kind of pending upload each keeps (server pending-uploads.ts). */
export type KeptKinds = Record<string, "logo" | "banner" | "brochure" | "avatar" | "submission">;

const fresh = (v: FormDataEntryValue | null): v is File =>
  v instanceof File && v.size > 0 && v.size <= MAX_UPLOAD_BYTES;

/**
 * The files the form already kept: its hidden `{field}Pending` id and `{field}PendingName`, unless
 * the person ticked Remove. The API checks each id again (its owner, kind and expiry) on save.
 */
export function keptInForm(formData: FormData, fields: KeptKinds): KeptFiles {
  const kept: KeptFiles = {};
  for (const field of Object.keys(fields)) {
    const id = formData.get(`${field}Pending`);
    if (typeof id !== "string" || !id || formData.get(`${field}PendingRemove`)) continue;
    const name = formData.get(`${field}PendingName`);
    kept[field] = { id, name: typeof name === "string" && name ? name.slice(0, 100) : "file" };
  }
  return kept;
}

/**
 * A form refused or reloaded (a list's Add, step 1's Load About): each valid file it carried is kept as a
 * pending upload of the signed-in user, so the page can show it as chosen; a field without a new
 * file keeps what it had kept. A file the API refuses (wrong type) is simply not kept.
 */
export async function keepFiles(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  fields: KeptKinds,
): Promise<KeptFiles> {
  const kept = keptInForm(formData, fields);
  for (const [field, kind] of Object.entries(fields)) {
    const file = formData.get(field);
    if (!fresh(file)) continue;
    const form = new FormData();
    form.append("kind", kind);
    form.append("file", file);
    const res = await callApi<{ id: string; fileName: string }>(
      request,
      context,
      "/uploads/pending",
      { body: { form } },
    );
    if (res.ok) kept[field] = { id: res.data.id, name: res.data.fileName } satisfies KeptFile;
  }
  return kept;
}

/** What a save sends beside the form's values: `{field}Pending` for each kept file not replaced. */
export function keptIds(formData: FormData, kept: KeptFiles): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [field, file] of Object.entries(kept))
    if (file && !fresh(formData.get(field))) ids[`${field}Pending`] = file.id;
  return ids;
}

/** After a refused save: the kept files the API did not refuse as gone (those show their error). */
export function keptAfter(kept: KeptFiles, res: ApiResult<unknown>): KeptFiles {
  const out: KeptFiles = {};
  for (const [field, file] of Object.entries(kept))
    if (!res.errors?.[field]?.includes(PENDING_GONE)) out[field] = file;
  return out;
}
