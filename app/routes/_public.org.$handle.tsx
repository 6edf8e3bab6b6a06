import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FollowState, Organisation } from "#server/contracts/orgs";
import { scriptJson } from "#app/utils/script-json";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { NotFound } from "#app/components/NotFound";
import { OrgView, orgDescription, orgJsonLd } from "#app/components/orgs/OrgView";
import { orgAboutHtml } from "#app/components/orgs/org-about.server";
import type { OrgEventCard } from "#app/components/orgs/types";
import { callApi } from "#app/utils/api.server";
import { getUser, loginRedirect } from "#app/utils/guards.server";
import { pageNow } from "#app/utils/kept-html.server";
import { useNonce } from "#app/utils/nonce";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const handle = encodeURIComponent(params.handle ?? "");
  const events = (past: boolean) =>
    callApi<OrgEventCard[]>(request, context, `/org/${handle}/events${past ? "?past=1" : ""}`, {
      asVisitor: true,
    }).then((r) => (r.ok ? r.data : []));
  // With the cookie: a signed-in visitor's `following`, and whether they run it (Settings).
  const [res, upcoming, past, user] = await Promise.all([
    callApi<Organisation>(request, context, `/org/${handle}`),
    events(false),
    events(true),
    getUser(request, context),
  ]);
  if (res.status === 404) throw data(null, { status: 404, statusText: "Not Found" });
  if (!res.ok) throw data(res.message, { status: res.status });
  const mine = user
    ? await callApi<Organisation[]>(request, context, "/my/orgs").then((r) => (r.ok ? r.data : []))
    : [];
  const { appUrl } = context.config;
  return data({
    org: res.data,
    aboutHtml: orgAboutHtml(res.data.about),
    upcoming,
    past,
    now: pageNow(context).toISOString(),
    canManage: mine.some((o) => o.handle === res.data.handle),
    calendarUrl: `${appUrl}/api/v1/org/${res.data.handle}/calendar.ics`,
    appUrl,
  });
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
  const { org, appUrl, ...rest } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <>
      <OrgView org={org} {...rest} />
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
  const description = orgDescription(org);
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
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: `${org.name} logo` },
          { name: "twitter:image", content: image },
        ]
      : []),
    { property: "og:locale", content: "en_IN" },
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
