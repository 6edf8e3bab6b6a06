import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { loadPayments, paymentsAction } from "#app/components/payments/payments.server";
import { type PaymentsAnswers, PaymentsScreen } from "#app/components/payments/PaymentsScreen";
import { formConstraints } from "#app/utils/form-constraints.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { lazyPart, usePreloadParts } from "#app/utils/lazy-part";

// Shown only when an action asks to confirm (refund, cancel): loaded after the page (decision 040).
const ConfirmStep = lazyPart(() =>
  import("#app/components/ConfirmStep").then((m) => m.ConfirmStep),
);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await loadPayments(request, context, params.eventNumber ?? "");
  return data(
    {
      ...page,
      formConstraints: formConstraints({
        paymentReject: {},
        paymentRefund: {},
        statementAssign: {},
        statementImport: {},
      }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  return paymentsAction(request, context, params.eventNumber ?? "", form);
}

export default function PaymentsPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  usePreloadParts([ConfirmStep]);
  if (answer && "confirm" in answer) return <ConfirmStep confirm={answer.confirm} />;
  const answers: PaymentsAnswers = {
    row: answer && "row" in answer ? answer.row : null,
    bulk: answer && "bulk" in answer ? answer.bulk : null,
    importAnswer: answer && "at" in answer ? answer : null,
    assign: answer && "assign" in answer ? answer.assign : null,
  };
  return <PaymentsScreen page={page} answers={answers} busy={busy} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `Payments${page?.eventName ? ` - ${page.eventName}` : ""} - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
