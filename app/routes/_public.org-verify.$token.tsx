import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { OrgVerifyView } from "#server/contracts/orgs";
import * as s from "#app/components/team/Invite.css";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { getUser, loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The link mailed to a college address (SPEC-4 §4): opening it changes nothing; the admin who
 * asked, signed in, presses 'Verify' within 24 hours and the organisation shows 'Verified ·
 * {domain}'. A button, not the GET: mail scanners open links.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = encodeURIComponent(params.token ?? "");
  const [res, user] = await Promise.all([
    callApi<OrgVerifyView>(request, context, `/org-verify/${token}`),
    getUser(request, context),
  ]);
  if (res.status === 404) throw data("This link is invalid", { status: 404 });
  if (!res.ok) throw data(res.message, { status: res.status });
  return data({ link: res.data, signedIn: !!user, here: new URL(request.url).pathname });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = encodeURIComponent(params.token ?? "");
  const res = await callApi<{ handle: string; verifiedDomain: string }>(
    request,
    context,
    `/org-verify/${token}`,
    { method: "POST" },
  );
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) return data({ message: res.message }, { status: res.status });
  return redirectWithToast(`/org/${res.data.handle}`, {
    type: "success",
    message: `Verified · ${res.data.verifiedDomain}`,
  });
}

export default function OrgVerify() {
  const { link, signedIn, here } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={s.page} aria-labelledby="verify-title">
      <h1 id="verify-title" className={s.title}>
        Verify {link.name}
      </h1>
      <p>
        Confirm that <Link to={`/org/${link.handle}`}>{link.name}</Link> belongs to the college of{" "}
        <strong>{link.email}</strong>: its page will show <strong>Verified · {link.domain}</strong>.
      </p>
      {link.used ? (
        <p className={s.text}>This link was already used.</p>
      ) : link.expired ? (
        <p className={s.error} role="alert">
          This link has expired. Ask for a new one in the organisation's settings.
        </p>
      ) : signedIn ? (
        <>
          {refused ? (
            <p className={s.error} role="alert">
              {refused.message}
            </p>
          ) : null}
          <Form method="post">
            <button type="submit" className={button()} disabled={busy}>
              Verify
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className={s.text}>
            Sign in as the admin who asked for this link; you will come back here.
          </p>
          <div className={s.actions}>
            <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} className={button()}>
              Sign in
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Verify an organisation - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
