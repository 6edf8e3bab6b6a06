import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { useEffect } from "react";
import { resetPasswordSchema } from "#server/contracts/user";
import { AuthLayout } from "#app/components/accounts/AuthLayout";
import { footerText } from "#app/components/accounts/AuthLayout.css";
import * as s from "#app/components/accounts/AuthForm.css";
import { FormMessage } from "#app/components/FormMessage";
import { PasswordField } from "#app/components/accounts/PasswordField";
import { FormErrorToast } from "#app/components/Toast";
import { useHydrated } from "#app/utils/use-hydrated";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { accountConstraints } from "#app/components/accounts/constraints.server";
import { useLazyValidation } from "#app/utils/lazy-validation";
import { PRODUCT_NAME } from "#app/utils/product";
import {
  passwordFormAnswer,
  refusedPasswordForm,
} from "#app/components/accounts/password-form.server";

/** SPEC §9: the move to /login 2 s after a reset. */
const REDIRECT_DELAY_MS = 2000;

const linkPath = (params: { id?: string; token?: string }) =>
  `/user/${encodeURIComponent(params.id ?? "")}/reset-password/${encodeURIComponent(params.token ?? "")}`;

/** A used or expired link says so on arrival, before anyone types a new password. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const res = await callApi(request, context, linkPath(params));
  const headers = { "Cache-Control": "no-store" };
  const constraint = accountConstraints.resetPassword;
  if (res.ok) return data({ linkError: null, constraint }, { headers });
  return data({ linkError: res.message, constraint }, { status: res.status, headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return refusedPasswordForm(submission);
  const res = await callApi<{ message: string }>(request, context, linkPath(params), {
    body: { json: submission.value },
  });
  return passwordFormAnswer(submission, res);
}

export default function ResetPassword() {
  const { linkError, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const done = !!actionData?.message;
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() =>
      import("#app/components/accounts/validate").then((m) => m.validateResetPassword),
    ),
  });
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);
  // After a reset the link is used: the success message wins over the check on arrival.
  if (linkError && !done) {
    return (
      <AuthLayout title="Reset your password">
        <FormMessage type="error">{linkError}</FormMessage>
        <p className={footerText}>
          <Link to="/forgot-password">Request a new link</Link>
        </p>
        <p className={footerText}>
          <Link to="/login">Back to Login</Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Reset your password">
      {/* Without JavaScript the browser itself moves on after 2 s. */}
      {done && !hydrated ? (
        <meta httpEquiv="refresh" content={`${REDIRECT_DELAY_MS / 1000};url=/login`} />
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        <FormMessage type="success">{actionData?.message}</FormMessage>
        <FormErrorToast errors={form.errors} id={form.errorId} />
        <PasswordField meta={fields.password} label="New password" autoComplete="new-password" />
        <button type="submit" className={button({ block: true })} disabled={busy || done}>
          Reset Now
        </button>
      </Form>
      <p className={footerText}>
        <Link to="/login">Back to Login</Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [
  { title: `Reset password - ${PRODUCT_NAME}` },
  // The token is in the URL: keep it out of search engines. (The page policy already keeps
  // the path out of Referer headers to other sites; "no-referrer" would make form posts Origin: null.)
  { name: "robots", content: "noindex" },
];
