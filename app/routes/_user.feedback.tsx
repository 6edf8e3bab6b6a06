import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { feedbackSchema } from "#server/contracts/feedback";
import { Field } from "#app/components/Field";
import { FormErrorToast } from "#app/components/Toast";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { formConstraints } from "#app/utils/form-constraints.server";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";
import { redirectWithToast } from "#app/utils/toast.server";
import { button, fieldError, input } from "#app/styles/recipes.css";
import * as s from "#app/components/feedback/Feedback.css";

const schema = feedbackSchema;

export async function loader({ context }: LoaderFunctionArgs) {
  return data({
    formUrl: context.config.feedbackFormUrl ?? null,
    formConstraints: formConstraints({ feedback: {} }),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const res = await callApi(request, context, "/feedback", { body: { json: submission.value } });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) {
    return data(
      { result: submission.reply({ formErrors: [res.message], fieldErrors: res.errors }) },
      { status: res.status, headers: res.headers },
    );
  }
  return redirectWithToast(
    "/feedback",
    { type: "success", message: "Thank you for your feedback" },
    res.headers,
  );
}

export default function Feedback() {
  const { formUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: useFormConstraint("feedback"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("feedback", {}),
  });

  if (formUrl) {
    return (
      <section className={s.page}>
        <h1>Feedback</h1>
        <iframe src={formUrl} title="Feedback form" className={s.frame} loading="lazy" />
      </section>
    );
  }

  return (
    <section className={s.page}>
      <h1>Feedback</h1>
      <p>Tell us what works and what does not. We read every message.</p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrorToast errors={form.errors} id={form.errorId} />
        <Field label="Message" meta={fields.message}>
          <textarea
            {...getTextareaProps(fields.message)}
            className={input({ multiline: true })}
            rows={6}
          />
        </Field>
        <fieldset className={s.stars}>
          <legend className={s.legend}>Rating (optional)</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={s.star}>
              <input
                type="radio"
                name={fields.rating.name}
                value={String(n)}
                defaultChecked={fields.rating.initialValue === String(n)}
              />
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </fieldset>
        {fields.rating.errors?.length ? (
          <p className={fieldError} role="alert">
            {fields.rating.errors[0]}
          </p>
        ) : null}
        <button type="submit" className={button()} disabled={navigation.state === "submitting"}>
          Send feedback
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `Feedback - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
