import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { loginSchema } from "#server/contracts/user";
import { AuthLayout } from "#app/components/accounts/AuthLayout";
import { footerText } from "#app/components/accounts/AuthLayout.css";
import * as s from "#app/components/accounts/AuthForm.css";
import { EmailField } from "#app/components/accounts/EmailField";
import { GoogleButton } from "#app/components/accounts/GoogleButton";
import { PasswordField } from "#app/components/accounts/PasswordField";
import { FormErrorToast } from "#app/components/Toast";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { accountConstraints } from "#app/components/accounts/constraints.server";
import { useLazyValidation } from "#app/utils/lazy-validation";
import { PRODUCT_NAME } from "#app/utils/product";
import { safeRedirect, withRedirect } from "#app/utils/safe-redirect";

export function loader() {
  return data({ constraint: accountConstraints.login });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const res = await callApi(request, context, "/user/login", { body: { json: submission.value } });
  if (!res.ok) {
    return data(
      { result: replyWithApiErrors(submission, res, { hideFields: ["password"] }) },
      { status: res.status, headers: res.headers },
    );
  }
  return redirect(safeRedirect(formData.get("redirectTo")), { headers: res.headers });
}

export default function Login() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    // An invitation for another address signs out and comes here with it (issue 45).
    defaultValue: { email: params.get("email")?.slice(0, 254) ?? "" },
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() =>
      import("#app/components/accounts/validate").then((m) => m.validateLogin),
    ),
  });
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  return (
    <AuthLayout title="Login your account">
      {/* noValidate even without JavaScript: the server answers with the spec's messages. */}
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        <FormErrorToast errors={form.errors} id={form.errorId} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField meta={fields.email} />
        <PasswordField meta={fields.password} autoComplete="current-password" />
        <div className={s.linksRow}>
          <Link to="/forgot-password">Forgot Your Password</Link>
        </div>
        <button type="submit" className={button({ block: true })} disabled={busy}>
          Get started
        </button>
      </Form>
      <p className={s.divider}>or</p>
      <GoogleButton />
      <p className={footerText}>
        New here? <Link to={withRedirect("/signup", redirectTo)}>Create an account</Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [
  { title: `Login - ${PRODUCT_NAME}` },
  {
    name: "description",
    content: "Log in to Utsav to register for college events, save them and host your own.",
  },
];
