import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FollowState, Organisation } from "#server/contracts/orgs";
import { scriptJson } from "#app/utils/script-json";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { NotFound } from "#app/components/NotFound";
import { OrgView, orgJsonLd } from "#app/components/orgs/OrgView";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { useNonce } from "#app/utils/nonce";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const handle = encodeURIComponent(params.handle ?? "");
  // With the cookie: a signed-in visitor's `following`.
  const res = await callApi<Organisation>(request, context, `/org/${handle}`);
  if (res.status === 404) throw data(null, { status: 404, statusText: "Not Found" });
  if (!res.ok) throw data(res.message, { status: res.status });
  return data({ org: res.data, appUrl: context.config.appUrl });
}

/** Follow / Unfollow: data for the page's fetcher, else back to the page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const handle = encodeURIComponent(params.handle ?? "");
  const form = await request.formData();
  const path = form.get("intent") === "unfollow" ? "unfollow" : "follow";
  const res = await callApi<FollowState>(request, context, `/org/${handle}/${path}`, {
    method: "POST",
  });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) return redirectWithToast(`/org/${handle}`, { type: "error", message: res.message });
  if (form.get("fetch") === "1") return data(res.data);
  return redirect(`/org/${handle}`);
}

export default function OrgPage() {
  const { org, appUrl } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <>
      <OrgView org={org} />
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: scriptJson(orgJsonLd(org, appUrl)) }}
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded)
    return [
      { title: `Organisation not found - ${PRODUCT_NAME}` },
      { name: "robots", content: "noindex" },
    ];
  const { org, appUrl } = loaded;
  const title = `${org.name} - ${PRODUCT_NAME}`;
  const description = `${org.name}, ${org.college}, ${org.city}: events on ${PRODUCT_NAME}.`;
  const url = `${appUrl}/org/${org.handle}`;
  const image = org.logo ? new URL(org.logo, `${appUrl}/`).href : null;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
};

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            testId="org-not-found"
            title={"Organisation not found"}
            text="No club or college body has this address."
          />
        ),
      }}
    />
  );
}
