import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as s from "#app/components/saves/Unsubscribe.css";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { PRODUCT_NAME } from "#app/utils/product";

/**
 * One-click unsubscribe (SPEC-2 §3, RFC 8058). Opening the link only shows a button, so a mail
 * scanner that follows links turns nothing off; the button's POST, or the POST a mail app sends
 * to the List-Unsubscribe address (this page), turns reminder mails off. No session needed.
 * With `?list=following` (the followers' digest, SPEC-4 §4) it turns off the mails from
 * organisations followed instead.
 */
const isFollowing = (request: Request) =>
  new URL(request.url).searchParams.get("list") === "following";

export async function loader({ request }: LoaderFunctionArgs) {
  return data({ following: isFollowing(request) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = encodeURIComponent(params.token ?? "");
  const list = isFollowing(request) ? "/following" : "";
  const res = await callApi<{ message: string }>(
    request,
    context,
    `/user/unsubscribe/${token}${list}`,
    { method: "POST" },
  );
  return data(
    res.ok ? { ok: true, message: res.data.message } : { ok: false, message: res.message },
    { status: res.ok ? 200 : res.status },
  );
}

export default function Unsubscribe() {
  const { following } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={s.page} aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title" className={s.title}>
        {following ? "Stop e-mails from organisations you follow?" : "Stop reminder e-mails?"}
      </h1>
      {result?.ok ? (
        <>
          <p className={s.done} role="status">
            {result.message}
          </p>
          <p className={s.text}>
            Changed your mind? Turn them back on under{" "}
            {following ? "E-mails from organisations I follow" : "E-mail reminders"} in your{" "}
            <Link to="/profile">profile</Link>.
          </p>
        </>
      ) : (
        <>
          <p className={s.text}>
            {following
              ? `${PRODUCT_NAME} mails you once a day when clubs you follow publish new events.`
              : `${PRODUCT_NAME} mails you a day before registration closes for events you saved, and before your rounds start.`}{" "}
            Account mails (password resets and the like) still arrive.
          </p>
          {result ? (
            <p className={s.error} role="alert">
              {result.message}
            </p>
          ) : null}
          <Form method="post">
            <button type="submit" className={button()} disabled={busy}>
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Unsubscribe - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
