import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { signupSchema } from "#server/contracts/user";
import { Field } from "#app/components/Field";
import { AuthLayout } from "#app/components/accounts/AuthLayout";
import { footerText } from "#app/components/accounts/AuthLayout.css";
import * as s from "#app/components/accounts/AuthForm.css";
import { EmailField } from "#app/components/accounts/EmailField";
import { FormMessage } from "#app/components/FormMessage";
import { GoogleButton } from "#app/components/accounts/GoogleButton";
import { Honeypot } from "#app/components/accounts/Honeypot";
import { PasswordField } from "#app/components/accounts/PasswordField";
import { FormErrorToast } from "#app/components/Toast";
import { button, input } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { accountConstraints } from "#app/components/accounts/constraints.server";
import { useLazyValidation } from "#app/utils/lazy-validation";
import { PRODUCT_NAME } from "#app/utils/product";
import { safeRedirect, withRedirect } from "#app/utils/safe-redirect";
import {
  passwordFormAnswer,
  refusedPasswordForm,
} from "#app/components/accounts/password-form.server";

export function loader() {
  return data({ constraint: accountConstraints.signup });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") return refusedPasswordForm(submission);
  // The honeypot goes to the API too: the backend decides what a filled one means.
  const website = formData.get("website");
  const res = await callApi<{ message: string }>(request, context, "/user/signup", {
    body: {
      json: { ...submission.value, ...(typeof website === "string" && website ? { website } : {}) },
    },
  });
  return passwordFormAnswer(submission, res);
}

export default function Signup() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // The way back (a team invite) goes into the verification mail and on to the login page.
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"), "");
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData?.result,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // An organiser invitation's link carries the invited address (SPEC-3 §1: sign up with it).
    defaultValue: { email: params.get("email")?.slice(0, 254) ?? "" },
    onValidate: useLazyValidation(() =>
      import("#app/components/accounts/validate").then((m) => m.validateSignup),
    ),
  });
  const { key: firstNameKey, ...firstName } = getInputProps(fields.firstName, { type: "text" });
  const { key: lastNameKey, ...lastName } = getInputProps(fields.lastName, { type: "text" });
  return (
    <AuthLayout title={`Sign up to ${PRODUCT_NAME}`}>
      <Form method="post" {...getFormProps(form)} noValidate className={s.form}>
        <FormMessage type="success">{actionData?.message}</FormMessage>
        <FormErrorToast errors={form.errors} id={form.errorId} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className={s.twoColumns}>
          <Field label="First Name" meta={fields.firstName}>
            <input
              key={firstNameKey}
              {...firstName}
              autoComplete="given-name"
              className={input()}
            />
          </Field>
          <Field label="Last Name" meta={fields.lastName}>
            <input key={lastNameKey} {...lastName} autoComplete="family-name" className={input()} />
          </Field>
        </div>
        <EmailField meta={fields.email} />
        <PasswordField meta={fields.password} autoComplete="new-password" />
        <Honeypot />
        <p className={s.note}>
          By creating an account you agree to our <Link to="/privacypolicy">Privacy Policy</Link>.
        </p>
        <button type="submit" className={button({ block: true })} disabled={busy}>
          Create Account
        </button>
      </Form>
      <p className={s.divider}>or</p>
      <GoogleButton />
      <p className={footerText}>
        Already have an account? <Link to={withRedirect("/login", redirectTo)}>Login</Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [
  { title: `Sign up - ${PRODUCT_NAME}` },
  {
    name: "description",
    content:
      "Create your Utsav account to register for hackathons, fests, quizzes and workshops across colleges.",
  },
];
