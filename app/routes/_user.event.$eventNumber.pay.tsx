import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { claimFormSchema, type MyPaymentData } from "#server/contracts/payments";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { cancelPaidAction } from "#app/components/payments/cancel-paid.server";
import { PayCard } from "#app/components/payments/PayCard";
import { callApi } from "#app/utils/api.server";
import { replyTooLarge, replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { qrPath } from "#app/utils/qr.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { formConstraints } from "#app/utils/form-constraints.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const payment = await callApi<MyPaymentData>(request, context, `/event/${n}/payment`);
  if (payment.status === 401) loginRedirect(request);
  if (!payment.ok) throw data(payment.message, { status: payment.status });
  const pay = {
    ...payment.data,
    qr: qrPath(payment.data.upiUri),
    eventNumber: params.eventNumber ?? "",
  };
  return data(
    { pay, formConstraints: formConstraints({ claim: {}, cancelPaid: {} }) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const formData = await request.formData();
  if (formData.get("intent") === "cancel-paid")
    return cancelPaidAction(request, context, params.eventNumber ?? "", formData);
  const submission = parseWithZod(formData, { schema: claimFormSchema });
  const tooLarge = replyTooLarge(submission, formData, { hideFields: ["screenshot"] });
  if (tooLarge) return data({ result: tooLarge }, { status: 413 });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["screenshot"] }) }, { status: 400 });
  const form = new FormData();
  form.set("utr", submission.value.utr);
  if (submission.value.screenshot) form.set("screenshot", submission.value.screenshot);
  const res = await callApi<MyPaymentData>(request, context, `/event/${n}/payment/claim`, {
    method: "POST",
    body: { form },
  });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok)
    return data(
      {
        result: replyWithApiErrors(submission, res, {
          hideFields: ["screenshot"],
          fileField: "screenshot",
        }),
      },
      { status: res.status },
    );
  return redirectWithToast(`/event/${n}/pay`, {
    type: "success",
    message: "Thank you: the organiser will confirm your payment",
  });
}

export default function PayPage() {
  const { pay } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (actionData && "confirm" in actionData) return <ConfirmStep confirm={actionData.confirm} />;
  return (
    <PayCard
      pay={pay}
      lastResult={actionData && "result" in actionData ? actionData.result : null}
      cancelResult={actionData && "cancel" in actionData ? actionData.cancel : null}
      busy={busy}
    />
  );
}

export const meta: MetaFunction<typeof loader> = () => [
  { title: `Payment - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
