import { randomUUID } from "node:crypto";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useParams,
} from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import {
  CHECK_IN_MESSAGES as M,
  type CheckInList as List,
  type CheckInPerson,
} from "#server/contracts/check-in-codes";
import type { EventData } from "#server/contracts/event-shape";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import * as s from "#app/components/check-in/CheckIn.css";
import { CheckInList, scanBodyOf } from "#app/components/check-in/CheckInList";
import { keptPage } from "#app/components/check-in/kept-page";
import { useDeskData } from "#app/components/check-in/use-desk-data";
import { useGate } from "#app/components/check-in/use-gate";
import { ScanBanner, type Shown, toneOf } from "#app/components/check-in/ScanBanner";
import { undoAction } from "#app/components/check-in/undo.server";
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
  const role = event.ok ? event.data.myRole : undefined;
  return data(
    {
      ...list.data,
      q,
      eventName: event.ok ? (event.data.eventName ?? "") : "",
      nonce: randomUUID(),
      // SPEC-3 §5: undo is the owner's and the admins', not a volunteer's.
      canUndo: role === "owner" || role === "admin",
      offline: "",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Offline (no network, or the server out of reach): the list this device keeps, searched here.
 * With JavaScript the page's searches and refreshes load this route alone (`useDeskData`).
 */
export async function clientLoader({ request, params, serverLoader }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader<typeof loader>();
  } catch (error) {
    if (isRouteErrorResponse(error) || error instanceof Response) throw error;
    return keptPage(params.eventNumber ?? "", new URL(request.url).searchParams.get("q") ?? "");
  }
}

/** The ticket code field takes a QR's code or a typed short code; list buttons send the person. */
function scanBody(form: FormData) {
  const nonce = String(form.get("nonce") ?? "");
  const memberId = String(form.get("memberId") ?? "");
  return { ...(memberId ? { memberId } : scanBodyOf(String(form.get("ticketCode") ?? ""))), nonce };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const form = await request.formData();
  if (form.get("intent") === "undo") return undoAction(request, context, n, form);
  const res = await callApi<{ person: CheckInPerson }>(request, context, `/event/${n}/check-in`, {
    method: "POST",
    body: { json: scanBody(form) },
  });
  if (res.status === 401) loginRedirect(request);
  const p = res.data?.person;
  const message = res.ok ? M.checkedIn(p ? `${p.firstName} ${p.lastName}` : "") : res.message;
  return data({ shown: { tone: toneOf(res.status, message), message } satisfies Shown });
}

/** With JavaScript and no network, 'Undo' says so instead of breaking the page. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (isRouteErrorResponse(error) || error instanceof Response) throw error;
    return { shown: { tone: "bad", message: M.undoOffline } satisfies Shown };
  }
}

export default function CheckInPage() {
  const { data: page, search } = useDeskData(useLoaderData<typeof clientLoader>());
  const result = useActionData<typeof clientAction>();
  const hydrated = useHydrated();
  const eventNumber = useParams().eventNumber ?? "";
  const me = useOptionalUser()?.firstName ?? "";
  const gate = useGate(eventNumber, me, page.eventName, () => search(page.q));
  // With JavaScript an undo's answer fills the screen like a scan's, until tapped.
  const [closed, setClosed] = useState<unknown>(null);
  if (result && "confirm" in result) return <ConfirmStep confirm={result.confirm} />;
  return (
    <section className={s.page}>
      <h1 className={s.title}>Check-in{page.eventName ? `: ${page.eventName}` : ""}</h1>
      {result && "shown" in result && result !== closed ? (
        <ScanBanner shown={result.shown} onClose={hydrated ? () => setClosed(result) : undefined} />
      ) : null}
      {hydrated ? (
        <Suspense fallback={null}>
          <LiveDesk gate={gate} />
        </Suspense>
      ) : null}
      {page.offline ? (
        <p className={s.status} role="status" data-testid="offline-list">
          {page.offline}
        </p>
      ) : null}
      <p className={s.progress} data-testid="progress">
        {M.progress(page.checkedIn, page.total)}
      </p>
      <CheckInList
        people={page.people}
        q={page.q}
        nonce={page.nonce}
        canUndo={page.canUndo}
        onScan={hydrated ? (body) => void gate.submit(body) : undefined}
        onSearch={hydrated ? search : undefined}
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
