import type { Submission, SubmissionResult } from "@conform-to/react";
import type { ApiResult } from "./api.server";

/**
 * Turns a refused API call into Conform's `lastResult`: the API's field errors (keyed by field
 * name) show under their fields; otherwise its message shows above the form. A body refused for
 * size (413 from the API's body limit) is pinned to `fileField` when the form has one.
 */
export function replyWithApiErrors(
  submission: Submission<unknown>,
  res: ApiResult<unknown>,
  options: { hideFields?: string[]; fileField?: string } = {},
): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = { ...(res.errors ?? {}) };
  let formErrors = fieldErrors.form ?? [];
  delete fieldErrors.form;
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
