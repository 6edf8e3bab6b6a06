import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CERTIFICATE_MESSAGES as M, type Certificate } from "#server/contracts/certificate";
import type { EventData } from "#server/contracts/event-shape";
import { CertificateView } from "#app/components/certificates/CertificateView";
import { certificateTitle } from "#app/components/certificates/labels";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { NotFound } from "#app/components/NotFound";
import { callApi } from "#app/utils/api.server";
import { formatDateIST } from "#app/utils/dates";
import { PRODUCT_NAME } from "#app/utils/product";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = encodeURIComponent(params.id ?? "");
  const res = await callApi<Certificate>(request, context, `/certificates/${id}`);
  if (res.status === 404) throw data(null, { status: 404, statusText: "Not Found" });
  if (!res.ok) throw data(res.message, { status: res.status });
  // The event's logo makes the shared card's picture, when the event is still public.
  const event = await callApi<EventData>(
    request,
    context,
    `/event/details/${res.data.eventNumber}`,
  );
  const logo = event.ok ? event.data.eventLogo : null;
  return data({ certificate: res.data, logo, appUrl: context.config.appUrl });
}

export default function CertificatePage() {
  const { certificate } = useLoaderData<typeof loader>();
  return <CertificateView certificate={certificate} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded)
    return [{ title: `${M.notFound} - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
  const { certificate: c, logo, appUrl } = loaded;
  const title = `${c.recipientName}: ${certificateTitle(c)} - ${c.eventName}`;
  const status = c.revoked ? M.revoked : M.valid;
  const description = `${status}. Issued on ${PRODUCT_NAME} by ${c.organisationName} on ${formatDateIST(c.issuedAt)}.`;
  const url = `${appUrl}/certificate/${c._id}`;
  const image = logo ? new URL(logo, `${appUrl}/`).href : null;
  return [
    { title: `${title} - ${PRODUCT_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    // Personal documents: shared on purpose, never listed by search engines.
    { name: "robots", content: "noindex" },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
};

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            testId="certificate-not-found"
            title={M.notFound}
            text="No certificate has this link. Check that it was copied whole."
          />
        ),
      }}
    />
  );
}
