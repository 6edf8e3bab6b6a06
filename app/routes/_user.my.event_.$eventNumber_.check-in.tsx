import { randomUUID } from "node:crypto";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  CHECK_IN_MESSAGES as M,
  type CheckInList as List,
  type CheckInPerson,
  SHORT_CODE_PATTERN,
} from "#server/contracts/check-in";
import type { EventData } from "#server/contracts/event-shape";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import * as s from "#app/components/check-in/CheckIn.css";
import { CheckInList } from "#app/components/check-in/CheckInList";
import { ScanBanner, type Shown, toneOf } from "#app/components/check-in/ScanBanner";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const [list, event] = await Promise.all([
    callApi<List>(request, context, `/event/${n}/check-in?q=${encodeURIComponent(q)}`),
    callApi<EventData>(request, context, `/event/details/${n}`),
  ]);
  if (list.status === 401) loginRedirect(request);
  if (!list.ok) throw data(list.message, { status: list.status });
  return data(
    {
      ...list.data,
      q,
      eventName: event.ok ? (event.data.eventName ?? "") : "",
      nonce: randomUUID(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The ticket code field takes a QR's code or a typed short code; list buttons send the person. */
function scanBody(form: FormData) {
  const nonce = String(form.get("nonce") ?? "");
  const memberId = String(form.get("memberId") ?? "");
  if (memberId) return { memberId, nonce };
  const code = String(form.get("ticketCode") ?? "").trim();
  return SHORT_CODE_PATTERN.test(code.toUpperCase()) ? { shortCode: code, nonce } : { code, nonce };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const res = await callApi<{ person: CheckInPerson }>(request, context, `/event/${n}/check-in`, {
    method: "POST",
    body: { json: scanBody(await request.formData()) },
  });
  if (res.status === 401) loginRedirect(request);
  const p = res.data?.person;
  const message = res.ok ? M.checkedIn(p ? `${p.firstName} ${p.lastName}` : "") : res.message;
  return data({ shown: { tone: toneOf(res.status, message), message } satisfies Shown });
}

export default function CheckInPage() {
  const { total, checkedIn, people, q, eventName, nonce } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className={s.page}>
      <h1 className={s.title}>Check-in{eventName ? `: ${eventName}` : ""}</h1>
      {result ? <ScanBanner shown={result.shown} /> : null}
      <p className={s.progress} data-testid="progress">
        {M.progress(checkedIn, total)}
      </p>
      <CheckInList people={people} q={q} nonce={nonce} />
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Check-in - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
