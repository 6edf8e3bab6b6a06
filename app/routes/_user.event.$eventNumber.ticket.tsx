import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { TicketData } from "#server/contracts/check-in";
import type { EventData } from "#server/contracts/event-shape";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { TicketCard } from "#app/components/check-in/TicketCard";
import { place } from "#app/components/events/format";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { qrPath } from "#app/utils/qr.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const [ticket, event] = await Promise.all([
    callApi<TicketData>(request, context, `/event/${n}/ticket`),
    callApi<EventData>(request, context, `/event/details/${n}`),
  ]);
  if (ticket.status === 401) loginRedirect(request);
  if (!ticket.ok) throw data(ticket.message, { status: ticket.status });
  const e = event.ok ? event.data : null;
  return data(
    {
      ticket: {
        ...ticket.data,
        qr: qrPath(ticket.data.code),
        date: e?.rounds?.[0]?.startDate ?? null,
        place: e
          ? [e.locationName, place(e)].filter(Boolean).join(", ") || (e.modeOfEvent ?? "")
          : "",
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function TicketPage() {
  const { ticket } = useLoaderData<typeof loader>();
  return <TicketCard ticket={ticket} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Ticket${data ? ` - ${data.ticket.eventName}` : ""} - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
