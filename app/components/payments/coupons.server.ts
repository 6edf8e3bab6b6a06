import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import { fromISTInput } from "#server/contracts/dates";
import { couponSchema } from "#server/contracts/payments";
import { sectionHref } from "#app/components/organiser/sections";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";

const INTENTS = ["create-coupon", "disable-coupon"];

export function isCouponIntent(form: FormData): boolean {
  return INTENTS.includes(String(form.get("intent") ?? ""));
}

/**
 * The Coupons section's forms (SPEC-4 §1): create (field errors back to the form, the API's
 * among them) and disable (asked first), each one API call. 'Valid until' is typed in India time
 * and sent as UTC.
 */
export async function couponAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const here = sectionHref(eventNumber, "coupons");
  const call = async (path: string, json: unknown) => {
    const res = await callApi(request, context, `/event/${eventNumber}/coupons${path}`, {
      method: "POST",
      body: { json },
    });
    if (res.status === 401) loginRedirect(request);
    return res;
  };
  if (String(form.get("intent")) === "create-coupon") {
    const submission = parseWithZod(form, { schema: couponSchema });
    if (submission.status !== "success")
      return data({ coupon: submission.reply() }, { status: 400 });
    const { validUntil, ...rest } = submission.value;
    // A value that reads as no date goes as typed, for the API's 'Please select a date'.
    const until = validUntil ? (fromISTInput(validUntil) ?? validUntil) : undefined;
    const res = await call("", { ...rest, validUntil: until });
    if (!res.ok)
      return data(
        { coupon: replyWithApiErrors(submission, res) },
        { status: res.status, headers: res.headers },
      );
    return redirectWithToast(
      `${here}#coupons`,
      { type: "success", message: `Coupon ${submission.value.code} created` },
      res.headers,
    );
  }
  const code = String(form.get("code") ?? "");
  if (!isConfirmed(form))
    return askToConfirm(form, {
      title: `Disable the coupon ${code}?`,
      lines: [
        "Nobody can use it from now on; places already taken with it keep their discount.",
        "A disabled coupon cannot be turned on again.",
      ],
      confirmLabel: "Disable the coupon",
      tone: "danger",
      cancelTo: here,
    });
  const id = encodeURIComponent(String(form.get("couponId") ?? ""));
  const res = await call(`/${id}/disable`, {});
  return redirectWithToast(
    `${here}#coupons`,
    res.ok
      ? { type: "success", message: `Coupon ${code} disabled` }
      : { type: "error", message: res.message },
    res.headers,
  );
}
