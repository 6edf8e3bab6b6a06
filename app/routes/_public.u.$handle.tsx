import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PublicProfile } from "#server/contracts/profiles";
import { ProfileRecord } from "#app/components/profiles/ProfileRecord";
import { personJsonLd, profileDescription } from "#app/components/profiles/seo";
import { scriptJson } from "#app/utils/script-json";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { NotFound } from "#app/components/NotFound";
import { callApi } from "#app/utils/api.server";
import { useNonce } from "#app/utils/nonce";
import { PRODUCT_NAME } from "#app/utils/product";
import { fullName } from "#app/utils/user";

/** Never kept by the page cache or a browser: turning the profile off hides it at once. */
const NOT_KEPT = { "Cache-Control": "private, no-store" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const handle = encodeURIComponent(params.handle ?? "");
  // The same for everyone (the person's own view included): asked without the cookie.
  const res = await callApi<PublicProfile>(request, context, `/u/${handle}`, { asVisitor: true });
  if (res.status === 404)
    throw data(null, { status: 404, statusText: "Not Found", headers: NOT_KEPT });
  if (!res.ok) throw data(res.message, { status: res.status, headers: NOT_KEPT });
  return data({ profile: res.data, appUrl: context.config.appUrl }, { headers: NOT_KEPT });
}

export default function PublicProfilePage() {
  const { profile, appUrl } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  return (
    <>
      <ProfileRecord profile={profile} url={`${appUrl}/u/${profile.handle}`} />
      <script
        type="application/ld+json"
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: scriptJson(personJsonLd(profile, appUrl)) }}
      />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded)
    return [
      { title: `Profile not found - ${PRODUCT_NAME}` },
      { name: "robots", content: "noindex" },
    ];
  const { profile: p, appUrl } = loaded;
  const title = `${fullName(p)} (@${p.handle}) - ${PRODUCT_NAME}`;
  const description = profileDescription(p);
  const url = `${appUrl}/u/${p.handle}`;
  const image = p.avatar ? new URL(p.avatar, `${appUrl}/`).href : null;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    // Shared on purpose, not listed: search engines would keep it after it is turned off.
    { name: "robots", content: "noindex" },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "profile:first_name", content: p.firstName },
    ...(p.lastName ? [{ property: "profile:last_name", content: p.lastName }] : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
};

// A document's headers come from here (a loader's alone reach only its data requests).
export const headers: HeadersFunction = () => NOT_KEPT;

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            testId="profile-not-found"
            title={"Profile not found"}
            text="No public profile has this address. Its owner may have made it private."
          />
        ),
      }}
    />
  );
}
