import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import {
  type OrganiserPaymentData,
  type PaymentsListData,
  paymentsQuerySchema,
  refundSchema,
  rejectSchema,
  type StatementLineData,
} from "#server/contracts/payments-confirm";
import { plural } from "#server/contracts/words";
import { z } from "#server/contracts/zod";
import { type ApiResult, callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { mailsLine } from "#app/utils/confirm";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { importAction, isImportIntent } from "./import.server";

/**
 * /my/event/{n}/payments (SPEC-4 §3): the event (for its name; the API answers 403 to anyone but
 * the owner and admins), the payments as filtered and searched, and the statement lines kept to
 * assign by hand.
 */
export async function loadPayments(request: Request, context: AppLoadContext, eventNumber: string) {
  const url = new URL(request.url);
  const n = encodeURIComponent(eventNumber);
  const query = paymentsQuerySchema.parse({
    status: url.searchParams.get("status") || undefined,
    q: url.searchParams.get("q") || undefined,
  });
  const params = new URLSearchParams({ status: query.status ?? "", q: query.q ?? "" });
  const [event, list, lines] = await Promise.all([
    callApi<EventData>(request, context, `/event/details/${n}`),
    callApi<PaymentsListData>(request, context, `/event/${n}/payments?${params}`),
    callApi<StatementLineData[]>(request, context, `/event/${n}/payments/lines?kind=unmatched`),
  ]);
  for (const res of [event, list, lines]) {
    if (res.status === 401) loginRedirect(request);
    if (!res.ok) throw data(res.message, { status: res.status });
  }
  // Every payment that a line may be given to: the list's own when it is unfiltered.
  const all =
    query.status || query.q
      ? await callApi<PaymentsListData>(request, context, `/event/${n}/payments`)
      : list;
  return {
    eventName: event.data.eventName ?? "",
    eventNumber,
    status: query.status ?? "",
    q: query.q ?? "",
    ...list.data,
    unmatched: lines.data,
    assignable: (all.ok ? all.data.items : []).filter(isAssignable).map(choiceOf),
  };
}

const ASSIGNABLE = new Set(["pending", "claimed", "expired"]);
function isAssignable(p: OrganiserPaymentData): boolean {
  return ASSIGNABLE.has(p.status);
}

/** A payment as the 'Assign' picker names it. */
function choiceOf(p: OrganiserPaymentData) {
  const name = `${p.payer.firstName} ${p.payer.lastName}`.trim();
  return { _id: p._id, reference: p.reference, amount: p.amount, name, status: p.status };
}

const ROW_INTENTS = ["confirm", "reject", "refund"] as const;
const BULK_INTENTS = ["bulk-confirm", "bulk-reject"] as const;

/** The page's forms, by their `intent`. */
export async function paymentsAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const intent = String(form.get("intent") ?? "");
  if (isImportIntent(intent)) return importAction(request, context, eventNumber, form);
  if ((BULK_INTENTS as readonly string[]).includes(intent))
    return bulkAction(request, context, eventNumber, form);
  if ((ROW_INTENTS as readonly string[]).includes(intent))
    return rowAction(request, context, eventNumber, form);
  throw data("Unknown action", { status: 400 });
}

/** Where a form goes back to: the page as it was filtered and searched. */
export function backHere(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}

function callPayment(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  paymentId: string,
  verb: string,
  json: unknown = {},
): Promise<ApiResult<OrganiserPaymentData>> {
  const path = `/event/${encodeURIComponent(eventNumber)}/payments/${encodeURIComponent(paymentId)}/${verb}`;
  return callApi<OrganiserPaymentData>(request, context, path, {
    method: "POST",
    body: { json },
  }).then((res) => {
    if (res.status === 401) loginRedirect(request);
    return res;
  });
}

const DONE: Record<string, (ref: string, p: OrganiserPaymentData) => string> = {
  confirm: (ref) => `Payment ${ref} confirmed`,
  reject: (ref) => `Payment ${ref} rejected`,
  refund: (ref, p) =>
    p.status === "refunded" ? `Payment ${ref} marked refunded` : `Payment ${ref} is due a refund`,
};

/** 'Confirm', 'Reject' (with a reason) and 'Refund' / 'Mark refunded' (with the refund's UTR). */
async function rowAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const intent = String(form.get("intent")) as (typeof ROW_INTENTS)[number];
  const paymentId = String(form.get("paymentId") ?? "").slice(0, 100);
  const schema = intent === "reject" ? rejectSchema : intent === "refund" ? refundSchema : null;
  const submission = schema ? parseWithZod(form, { schema }) : null;
  if (submission && submission.status !== "success")
    return data({ row: { paymentId, intent, result: submission.reply() } }, { status: 400 });
  const res = await callPayment(
    request,
    context,
    eventNumber,
    paymentId,
    intent,
    submission?.value,
  );
  if (res.ok)
    return redirectWithToast(backHere(request), {
      type: "success",
      message: DONE[intent]!(res.data.reference, res.data),
    });
  if (!submission)
    return redirectWithToast(backHere(request), { type: "error", message: res.message });
  return data(
    { row: { paymentId, intent, result: replyWithApiErrors(submission, res) } },
    { status: res.status },
  );
}

/**
 * 'Confirm selected' and 'Reject selected' (one reason for all): a confirmation step first,
 * then each payment in turn; the toast says how many went through and why any did not.
 */
async function bulkAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const reject = form.get("intent") === "bulk-reject";
  const ids = [...new Set(form.getAll("paymentId").map(String))].slice(0, 500);
  const submission = parseWithZod(form, { schema: reject ? rejectSchema : bulkSchemaLess });
  if (!ids.length)
    return data(
      { bulk: submission.reply({ formErrors: ["Tick the payments first"] }) },
      { status: 400 },
    );
  if (submission.status !== "success") return data({ bulk: submission.reply() }, { status: 400 });
  if (!isConfirmed(form)) {
    const count = plural(ids.length, "payment");
    return askToConfirm(form, {
      title: reject ? `Reject ${count}?` : `Confirm ${count}?`,
      lines: reject
        ? [
            "Each place is released, and each payer is told your reason:",
            `“${String(form.get("reason") ?? "").trim()}”`,
            mailsLine(ids.length),
          ]
        : ["Each becomes paid and each payer gets a receipt.", mailsLine(ids.length)],
      confirmLabel: reject ? `Reject ${count}` : `Confirm ${count}`,
      tone: reject ? "danger" : "primary",
      cancelTo: backHere(request),
    });
  }
  const verb = reject ? "reject" : "confirm";
  const failed: string[] = [];
  let done = 0;
  for (const id of ids) {
    const res = await callPayment(request, context, eventNumber, id, verb, submission.value);
    if (res.ok) done++;
    else failed.push(res.message);
  }
  const said = `${reject ? "Rejected" : "Confirmed"} ${plural(done, "payment")}`;
  return redirectWithToast(backHere(request), {
    type: failed.length ? "error" : "success",
    message: failed.length ? `${said}; ${failed.length} could not be: ${failed[0]}` : said,
  });
}

/** Confirming in bulk takes nothing but the ticked payments. */
const bulkSchemaLess = z.object({});
