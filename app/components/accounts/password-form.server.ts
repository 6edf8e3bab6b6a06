import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import type { ApiResult } from "#app/utils/api.server";

/** A password form's refusal: the fields come back, the password never does. */
export function refusedPasswordForm(submission: Submission<unknown>) {
  return data(
    { result: submission.reply({ hideFields: ["password"] }), message: null },
    { status: 400 },
  );
}

/**
 * The answer to a password form that asks the API and shows its message (sign-up, a new
 * password): the emptied form and the message, or the API's errors without the password.
 */
export function passwordFormAnswer(
  submission: Submission<unknown>,
  res: ApiResult<{ message: string }>,
) {
  if (!res.ok) {
    return data(
      { result: replyWithApiErrors(submission, res, { hideFields: ["password"] }), message: null },
      { status: res.status, headers: res.headers },
    );
  }
  return data({ result: submission.reply({ resetForm: true }), message: res.data.message });
}
