import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { OrgInviteView } from "#server/contracts/orgs";
import * as s from "#app/components/team/Invite.css";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { getUser, loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * An invitation to administer an organisation (SPEC-4 §4): the organisation, who invited, and
 * 'Accept invitation'. Signed out, it offers sign in or sign up with the invited address, both
 * coming back here.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = encodeURIComponent(params.token ?? "");
  const [res, user] = await Promise.all([
    callApi<OrgInviteView>(request, context, `/org-invite/${token}`),
    getUser(request, context),
  ]);
  if (res.status === 404) throw data("Invitation not found", { status: 404 });
  const here = new URL(request.url).pathname;
  const signedInAs = user?.email ?? null;
  if (!res.ok)
    return data({ invite: null, gone: res.message, here, signedInAs }, { status: res.status });
  return data({ invite: res.data, gone: null, here, signedInAs });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = encodeURIComponent(params.token ?? "");
  const form = await request.formData();
  // Signed in as someone else: sign out, then sign in with the invited address.
  if (form.get("intent") === "switch") {
    const out = await callApi(request, context, "/user/logout");
    const email = String(form.get("email") ?? "").slice(0, 254);
    const here = new URL(request.url).pathname;
    return redirectWithToast(
      `/login?${new URLSearchParams({ redirectTo: here, email })}`,
      { type: "success", message: `Signed out: sign in as ${email} to accept` },
      out.headers,
    );
  }
  const res = await callApi<{ handle: string }>(request, context, `/org-invite/${token}/accept`, {
    method: "POST",
  });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) return data({ message: res.message }, { status: res.status });
  return redirectWithToast(`/org/${res.data.handle}`, {
    type: "success",
    message: "You are now an admin of this organisation",
  });
}

export default function OrgInvite() {
  const { invite, gone, here, signedInAs } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const back = encodeURIComponent(here);
  if (!invite)
    return (
      <section className={s.page} aria-labelledby="invite-title">
        <h1 id="invite-title" className={s.title}>
          Invitation
        </h1>
        <p className={s.error} role="alert">
          {gone}
        </p>
        <p className={s.text}>Ask the organisation's owner or an admin for a new invitation.</p>
      </section>
    );
  return (
    <section className={s.page} aria-labelledby="invite-title">
      <h1 id="invite-title" className={s.title}>
        Help run {invite.name}
      </h1>
      <p>
        {invite.invitedBy} invited <strong>{invite.email}</strong> to be an admin of{" "}
        <Link to={`/org/${invite.handle}`}>{invite.name}</Link>: edit its page and run its events.
      </p>
      {invite.expired ? (
        <p className={s.error} role="alert">
          This invitation has expired
        </p>
      ) : signedInAs ? (
        <>
          {refused ? (
            <p className={s.error} role="alert">
              {refused.message}
            </p>
          ) : null}
          {signedInAs.toLowerCase() !== invite.email.toLowerCase() ? (
            <>
              <p className={s.text} data-testid="invite-other-account">
                You are signed in as {signedInAs}; this invitation is for {invite.email}.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="switch" />
                <input type="hidden" name="email" value={invite.email} />
                <button type="submit" className={button()} disabled={busy}>
                  Sign out and continue as {invite.email}
                </button>
              </Form>
            </>
          ) : (
            <Form method="post">
              <button type="submit" className={button()} disabled={busy}>
                Accept invitation
              </button>
            </Form>
          )}
        </>
      ) : (
        <>
          <p className={s.text}>
            Sign in with {invite.email} to accept, or sign up with that address if you have no
            account yet; you will come back here.
          </p>
          <div className={s.actions}>
            <Link to={`/login?redirectTo=${back}`} className={button()}>
              Sign in
            </Link>
            <Link
              to={`/signup?redirectTo=${back}&email=${encodeURIComponent(invite.email)}`}
              className={button({ tone: "secondary" })}
            >
              Sign up
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Organisation invitation - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
