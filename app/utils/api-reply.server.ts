import type { Submission, SubmissionResult } from "@conform-to/react";
import { FILE_TOO_LARGE, TOO_LARGE_FIELD } from "#server/contracts/constants";
import type { ApiResult } from "./api.server";

/** API field paths ("rounds.0.title") as Conform names ("rounds[0].title"). */
export function conformName(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/**
 * Turns a refused API call into Conform's `lastResult`, for every form: the API's field errors
 * show under their fields (list paths such as `rounds.0.title` included); its `form` errors, or
 * else, when no field was named, its message, show above the form. A body refused for size or
 * type (413/415 from the API's body limit) is pinned to `fileField` when the form has one.
 */
export function replyWithApiErrors(
  submission: Submission<unknown>,
  res: ApiResult<unknown>,
  options: { hideFields?: string[]; fileField?: string } = {},
): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(res.errors ?? {}))
    if (key !== "form") fieldErrors[conformName(key)] = messages;
  let formErrors = res.errors?.form ?? [];
  if (
    options.fileField &&
    (res.status === 413 || res.status === 415) &&
    !fieldErrors[options.fileField]
  ) {
    fieldErrors[options.fileField] = [res.message];
  }
  if (!Object.keys(fieldErrors).length && !formErrors.length) formErrors = [res.message];
  return submission.reply({ formErrors, fieldErrors, hideFields: options.hideFields });
}

/**
 * A form whose file was over 10 MB arrives without it (server.ts drops it while streaming and names
 * it in TOO_LARGE_FIELD): the form comes back with what was typed and the size message under that
 * field, whatever else it held. Null when no file was dropped.
 */
export function replyTooLarge(
  submission: Submission<unknown>,
  formData: FormData,
  options: { hideFields?: string[] } = {},
): SubmissionResult<string[]> | null {
  const names = formData.getAll(TOO_LARGE_FIELD).map(String);
  if (!names.length) return null;
  const fieldErrors = Object.fromEntries(names.map((n) => [n, [FILE_TOO_LARGE]]));
  return submission.reply({ fieldErrors, hideFields: options.hideFields });
}
