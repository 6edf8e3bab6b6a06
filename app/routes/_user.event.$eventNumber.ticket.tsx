import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { TicketData } from "#server/contracts/check-in";
import type { EventData } from "#server/contracts/event-shape";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { TicketCard } from "#app/components/check-in/TicketCard";
import { ticketWhen } from "#app/components/check-in/ticket-facts";
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
  // The day and place people come to the venue (the venue round's), not an online round's.
  const when = ticketWhen(event.ok ? event.data : null, new Date());
  return data(
    { ticket: { ...ticket.data, qr: qrPath(ticket.data.code), ...when } },
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
