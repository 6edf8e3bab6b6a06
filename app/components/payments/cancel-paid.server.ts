import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import type { MyPaymentData } from "#server/contracts/payments";
import { cancelPaidSchema } from "#server/contracts/payments-confirm";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The payer's 'Cancel and ask for a refund' (SPEC-4 §3): the UPI ID checked, a confirmation step
 * (the place is released at once), then POST /event/{n}/cancel-paid; a refusal comes back under
 * its field with what was typed.
 */
export async function cancelPaidAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const n = encodeURIComponent(eventNumber);
  const submission = parseWithZod(form, { schema: cancelPaidSchema });
  if (submission.status !== "success") return data({ cancel: submission.reply() }, { status: 400 });
  const upi = submission.value.refundUpiId;
  if (!isConfirmed(form))
    return askToConfirm(form, {
      title: "Cancel your place and ask for a refund?",
      lines: [
        "Your place is released at once: you can register again only if there is room.",
        upi
          ? `The organiser is asked to refund you to ${upi}.`
          : "The organiser is asked to refund you to the UPI ID you paid from.",
      ],
      confirmLabel: "Yes, cancel my place",
      tone: "danger",
      cancelTo: `/event/${n}/pay`,
    });
  const res = await callApi<MyPaymentData>(request, context, `/event/${n}/cancel-paid`, {
    method: "POST",
    body: { json: submission.value },
  });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) return data({ cancel: replyWithApiErrors(submission, res) }, { status: res.status });
  return redirectWithToast(`/event/${n}/pay`, {
    type: "success",
    message: "Your place was cancelled: the organiser will refund you",
  });
}
