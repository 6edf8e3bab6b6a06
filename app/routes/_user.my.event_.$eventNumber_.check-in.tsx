import { randomUUID } from "node:crypto";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { lazy, Suspense } from "react";
import {
  CHECK_IN_MESSAGES as M,
  type CheckInList as List,
  type CheckInPerson,
} from "#server/contracts/check-in";
import type { EventData } from "#server/contracts/event-shape";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import * as s from "#app/components/check-in/CheckIn.css";
import { CheckInList, scanBodyOf } from "#app/components/check-in/CheckInList";
import { useGate } from "#app/components/check-in/use-gate";
import { ScanBanner, type Shown, toneOf } from "#app/components/check-in/ScanBanner";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { useHydrated } from "#app/utils/use-hydrated";
import { useOptionalUser } from "#app/utils/use-user";

// The camera, the decoder and the device's store load on this page only, and only with JavaScript.
const LiveDesk = lazy(() => import("#app/components/check-in/LiveDesk"));

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
  return { ...(memberId ? { memberId } : scanBodyOf(String(form.get("ticketCode") ?? ""))), nonce };
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
  const hydrated = useHydrated();
  const gate = useGate(useParams().eventNumber ?? "", useOptionalUser()?.firstName ?? "");
  return (
    <section className={s.page}>
      <h1 className={s.title}>Check-in{eventName ? `: ${eventName}` : ""}</h1>
      {result && !hydrated ? <ScanBanner shown={result.shown} /> : null}
      {hydrated ? (
        <Suspense fallback={null}>
          <LiveDesk gate={gate} />
        </Suspense>
      ) : null}
      <p className={s.progress} data-testid="progress">
        {M.progress(checkedIn, total)}
      </p>
      <CheckInList
        people={people}
        q={q}
        nonce={nonce}
        onScan={hydrated ? (body) => void gate.submit(body) : undefined}
      />
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
