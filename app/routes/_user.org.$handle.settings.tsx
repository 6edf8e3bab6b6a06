import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { OrgInvite, Organisation } from "#server/contracts/orgs";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { NotFound } from "#app/components/NotFound";
import { OrgDetailsForm } from "#app/components/orgs/NewOrgForm";
import { AdminsPanel, HandOverPanel, VerifyPanel } from "#app/components/orgs/OrgSettings";
import * as s from "#app/components/orgs/OrgSettings.css";
import { orgSettingsAction } from "#app/components/orgs/org-settings.server";
import { callApi } from "#app/utils/api.server";
import { formConstraints } from "#app/utils/form-constraints.server";
import { requireUser } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const handle = encodeURIComponent(params.handle ?? "");
  const [res, mine, invites] = await Promise.all([
    callApi<Organisation>(request, context, `/org/${handle}`),
    callApi<Organisation[]>(request, context, "/my/orgs"),
    callApi<OrgInvite[]>(request, context, `/org/${handle}/admins/invites`),
  ]);
  if (res.status === 404) throw data(null, { status: 404, statusText: "Not Found" });
  if (!res.ok) throw data(res.message, { status: res.status });
  const org = res.data;
  if (!(mine.ok ? mine.data : []).some((o) => o.handle === org.handle))
    throw data("You are not an admin of this organisation", { status: 403 });
  // The owner is the one who runs it without being among its admins.
  const isOwner = !org.admins.some((a) => a.userId === user._id);
  return data({
    org,
    viewerId: user._id,
    isOwner,
    invites: invites.ok ? invites.data : [],
    formConstraints: formConstraints({ orgDetails: {}, orgInvite: {}, orgVerify: {} }),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return orgSettingsAction(request, context, params.handle ?? "", await request.formData());
}

/** /org/{handle}/settings (SPEC-4 §4): details, admins and invite, verification, hand over. */
export default function OrgSettingsPage() {
  const { org, viewerId, isOwner, invites } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (answer && "confirm" in answer) return <ConfirmStep confirm={answer.confirm} />;
  const invite = answer && "invite" in answer ? answer.invite : undefined;
  const verify = answer && "verify" in answer ? answer.verify : undefined;
  const details = answer && "kept" in answer ? answer : undefined;
  return (
    <section className={s.page} aria-labelledby="settings-title">
      <div className={s.head}>
        <h1 id="settings-title" className={s.title}>
          {org.name}: settings
        </h1>
        <Link to={`/org/${org.handle}`}>Back to the page</Link>
      </div>
      <section className={s.panel} aria-labelledby="org-details" id="details">
        <h2 id="org-details" className={s.panelTitle}>
          Details
        </h2>
        <OrgDetailsForm org={org} lastResult={details?.result} kept={details?.kept} busy={busy} />
      </section>
      <AdminsPanel
        org={org}
        invites={invites}
        viewerId={viewerId}
        lastResult={invite}
        busy={busy}
      />
      <VerifyPanel org={org} lastResult={verify} busy={busy} />
      {isOwner ? <HandOverPanel org={org} busy={busy} /> : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded ? `${loaded.org.name} settings` : "Settings"} - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFound
            testId="org-not-found"
            title="Organisation not found"
            text="No club or college body has this address."
          />
        ),
      }}
    />
  );
}
