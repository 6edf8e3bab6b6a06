import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { Certificate } from "#server/contracts/certificate";
import type { EventData } from "#server/contracts/event-shape";
import * as s from "#app/components/certificate/Certificate.css";
import { certificateAction } from "#app/components/certificate/certificates.server";
import { CertificatesPanel } from "#app/components/certificate/CertificatesPanel";
import { callApi } from "#app/utils/api.server";
import { isExpired } from "#app/utils/dates";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";

/** The organiser's certificates for one event: issue, see who has one, revoke. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const [event, list] = await Promise.all([
    callApi<EventData>(request, context, `/event/details/${n}`),
    callApi<Certificate[]>(request, context, `/event/${n}/certificates`),
  ]);
  if (list.status === 401) loginRedirect(request);
  if (event.status === 404 || list.status === 404) throw data("Event not found", { status: 404 });
  if (!list.ok) throw data(list.message, { status: list.status });
  return data({
    event: event.data,
    certificates: list.data,
    closed: isExpired(event.data.endDate, new Date()),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = params.eventNumber ?? "";
  const formData = await request.formData();
  return certificateAction(request, context, n, formData, `/my/event/${n}/certificates`);
}

export default function EventCertificates() {
  const { event, certificates, closed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className={s.page}>
      <h1 className={s.head}>{event.eventName || "Untitled event"}</h1>
      <p className={s.muted}>
        <Link to={`/event/${event.eventNumber}`}>Open event page</Link>
      </p>
      <CertificatesPanel
        certificates={certificates}
        closed={closed}
        lastResult={actionData?.result}
        busy={busy}
      />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Certificates - ${loaded?.event.eventName ?? "Event"} - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
