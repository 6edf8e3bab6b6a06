import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { joinSchema, type RegistrationData, type TeamData } from "#server/contracts/registration";
import { Field } from "#app/components/Field";
import { DetailsFields } from "#app/components/registration/DetailsFields";
import { EventLine } from "#app/components/registration/EventLine";
import { FormError } from "#app/components/registration/FormError";
import { TeamPreview } from "#app/components/registration/TeamPreview";
import { loadRegistrationPage, onUnauthorized } from "#app/components/registration/loaders.server";
import * as s from "#app/components/registration/Registration.css";
import { button, input } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";
import { RegistrationClosed } from "#app/components/registration/RegistrationClosed";
import { formConstraints } from "#app/utils/form-constraints.server";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

const schema = joinSchema;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { event, state, details } = await loadRegistrationPage(
    request,
    context,
    params.eventNumber,
  );
  if (state.mine) throw redirect(`/event/${event.eventNumber}/team`);
  if (event.participationType !== "team") throw redirect(`/event/${event.eventNumber}/register`);
  const code = (new URL(request.url).searchParams.get("code") ?? "").trim().slice(0, 20);
  // The team the code opens is shown before joining (issue 31); an unknown code says so.
  const preview = code
    ? await callApi<TeamData>(
        request,
        context,
        `/event/${event.eventNumber}/team/preview?${new URLSearchParams({ code })}`,
      )
    : null;
  onUnauthorized(request, preview?.status ?? 200);
  if (preview && !preview.ok && preview.status !== 404)
    throw data(preview.message, { status: preview.status });
  return data({
    event,
    state,
    details,
    code,
    team: preview?.ok ? preview.data : null,
    codeError: preview && !preview.ok ? preview.message : null,
    formConstraints: formConstraints({ teamJoin: {} }),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  const n = encodeURIComponent(params.eventNumber ?? "");
  const res = await callApi<RegistrationData>(request, context, `/event/${n}/team/join`, {
    body: { json: submission.value },
  });
  onUnauthorized(request, res.status);
  if (!res.ok) {
    // An unknown code belongs under the code field.
    const result = replyWithApiErrors(submission, {
      ...res,
      errors: res.status === 404 ? { code: [res.message] } : res.errors,
    });
    return data({ result }, res.status);
  }
  return redirectWithToast(`/event/${n}/team`, {
    type: "success",
    message: `You joined ${res.data.team?.name ?? "the team"}`,
  });
}

export default function JoinTeam() {
  const { event, state, details, code, team, codeError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "join-team",
    lastResult: actionData?.result,
    constraint: useFormConstraint("teamJoin"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("teamJoin", {}),
    defaultValue: { ...details, code },
  });
  const { key: codeKey, ...codeProps } = getInputProps(fields.code, { type: "text" });
  return (
    <section className={s.page}>
      <EventLine event={event} />
      <h1 className={s.pageTitle}>Join a team</h1>
      {state.reason !== null && state.reason !== "full" ? (
        <RegistrationClosed reason={state.reason} />
      ) : !team ? (
        <CodeStep eventNumber={event.eventNumber} code={code} error={codeError} />
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className={s.card}>
          <FormError id={form.errorId} errors={form.errors} />
          <TeamPreview team={team} />
          <Field label="Team code" meta={fields.code}>
            <input key={codeKey} {...codeProps} readOnly className={input()} />
          </Field>
          <DetailsFields fields={fields} />
          <div className={s.actions}>
            <button type="submit" className={button()} disabled={busy} data-testid="submit-join">
              Join {team.name}
            </button>
            <Link
              to={`/event/${event.eventNumber}/team/join`}
              className={button({ tone: "ghost" })}
            >
              Another code
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

/** First the code (typed, or from an invite link), then the team it opens: a GET form. */
function CodeStep({
  eventNumber,
  code,
  error,
}: {
  eventNumber: string;
  code: string;
  error: string | null;
}) {
  return (
    <Form method="get" className={s.card}>
      <p className={s.muted}>Ask your team's leader for its 6-character code or invite link.</p>
      <Field label="Team code" htmlFor="code" errorId="code-error" errors={error ? [error] : []}>
        <input
          id="code"
          name="code"
          defaultValue={code}
          aria-invalid={error ? true : undefined}
          aria-describedby="code-error"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          className={input()}
        />
      </Field>
      <div className={s.actions}>
        <button type="submit" className={button()} data-testid="show-team">
          Show team
        </button>
        <Link to={`/event/${eventNumber}/teammates`} className={button({ tone: "ghost" })}>
          Find a team
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: `Join a team${loaded?.event.eventName ? ` - ${loaded.event.eventName}` : ""} - ${PRODUCT_NAME}`,
  },
  { name: "robots", content: "noindex" },
];
