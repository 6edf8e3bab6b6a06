import type { Submission, SubmissionResult } from "@conform-to/react";
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
