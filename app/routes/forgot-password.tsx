import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { forgotPasswordSchema } from "#server/contracts/user";
import { AuthLayout } from "#app/components/accounts/AuthLayout";
import { footerText } from "#app/components/accounts/AuthLayout.css";
import * as s from "#app/components/accounts/AuthForm.css";
import { EmailField } from "#app/components/accounts/EmailField";
import { FormMessage } from "#app/components/FormMessage";
import { FormErrorToast } from "#app/components/Toast";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { accountConstraints } from "#app/components/accounts/constraints.server";
import { useLazyValidation } from "#app/utils/lazy-validation";
import { PRODUCT_NAME } from "#app/utils/product";

export function loader() {
  return data({ constraint: accountConstraints.forgotPassword });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), message: null }, { status: 400 });
  }
  const res = await callApi<{ message: string }>(request, context, "/user/forgot-password", {
    body: { json: submission.value },
  });
  if (!res.ok) {
    return data(
      { result: replyWithApiErrors(submission, res), message: null },
      { status: res.status, headers: res.headers },
    );
  }
  return data({ result: submission.reply({ resetForm: true }), message: res.data.message });
}

export default function ForgotPassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() =>
      import("#app/components/accounts/validate").then((m) => m.validateForgotPassword),
    ),
  });
  return (
    <AuthLayout title="Forgot your password?">
      <p className={s.note}>
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        <FormMessage type="success">{actionData?.message}</FormMessage>
        <FormErrorToast errors={form.errors} id={form.errorId} />
        <EmailField meta={fields.email} />
        <button type="submit" className={button({ block: true })} disabled={busy}>
          Reset Now
        </button>
      </Form>
      <p className={footerText}>
        Remembered it? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: `Forgot password - ${PRODUCT_NAME}` }];
