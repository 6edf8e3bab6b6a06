import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as s from "#app/components/accounts/AuthForm.css";
import { FormMessage } from "#app/components/FormMessage";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { safeRedirect, withRedirect } from "#app/utils/safe-redirect";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const path = `/user/${encodeURIComponent(params.id ?? "")}/verify/${encodeURIComponent(params.token ?? "")}`;
  const res = await callApi<{ message: string }>(request, context, path);
  // The mail carries the way back of the signup (a team invite): the login link keeps it.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return data(
    { ok: res.ok, message: res.ok ? res.data.message : res.message, redirectTo },
    { status: res.ok ? 200 : res.status >= 500 ? 503 : 400 },
  );
}

export default function VerifyEmail() {
  const { ok, message, redirectTo } = useLoaderData<typeof loader>();
  return (
    <section className={s.resultCard}>
      <h1>E-mail verification</h1>
      <FormMessage type={ok ? "success" : "error"}>{message}</FormMessage>
      <Link
        to={withRedirect("/login", redirectTo)}
        className={button({ tone: ok ? "primary" : "secondary" })}
      >
        {ok ? "Login now" : "Go to Login"}
      </Link>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `E-mail verification - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
