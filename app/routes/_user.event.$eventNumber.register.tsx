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
import { type RegistrationData, registerSchema } from "#server/contracts/registration";
import { Field } from "#app/components/Field";
import { formatRupees } from "#app/components/events/format";
import { DetailsFields } from "#app/components/registration/DetailsFields";
import { EventLine } from "#app/components/registration/EventLine";
import { FormError } from "#app/components/registration/FormError";
import { loadRegistrationPage, onUnauthorized } from "#app/components/registration/loaders.server";
import * as s from "#app/components/registration/Registration.css";
import { button, input } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { formConstraints } from "#app/utils/form-constraints.server";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";
import { redirectWithToast } from "#app/utils/toast.server";
import { RegistrationClosed } from "#app/components/registration/RegistrationClosed";

const individualSchema = registerSchema(false);
const teamSchema = registerSchema(true);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { event, state, details } = await loadRegistrationPage(
    request,
    context,
    params.eventNumber,
  );
  // Already in: the team page, or the event page's block, says so.
  if (state.mine)
    throw redirect(
      state.mine.team ? `/event/${event.eventNumber}/team` : `/event/${event.eventNumber}`,
    );
  const team = event.participationType === "team";
  return data({ event, state, details, formConstraints: formConstraints({ register: { team } }) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const team = formData.get("participation") === "team";
  const submission = parseWithZod(formData, { schema: team ? teamSchema : individualSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  const n = encodeURIComponent(params.eventNumber ?? "");
  const res = await callApi<RegistrationData>(request, context, `/event/${n}/register`, {
    body: { json: submission.value },
  });
  onUnauthorized(request, res.status);
  if (!res.ok) return data({ result: replyWithApiErrors(submission, res) }, res.status);
  // SPEC-4 §2: a place that costs money is held: straight on to pay for it.
  if (res.data.payment?.status === "pending")
    return redirectWithToast(`/event/${n}/pay`, {
      type: "success",
      message: "Your place is held: complete your payment",
    });
  return redirectWithToast(res.data.team ? `/event/${n}/team` : `/event/${n}`, {
    type: "success",
    message: res.data.team
      ? `You're registered: share your team code ${res.data.team.code}`
      : "You're registered",
  });
}

export default function Register() {
  const { event, state, details } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const team = event.participationType === "team";
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    constraint: useFormConstraint("register"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("register", { team }),
    defaultValue: { ...details, teamName: "" },
  });
  const { key: teamKey, ...teamName } = getInputProps(fields.teamName, { type: "text" });
  const { key: couponKey, ...coupon } = getInputProps(fields.coupon, { type: "text" });
  return (
    <section className={s.page}>
      <EventLine event={event} />
      <h1 className={s.pageTitle}>{team ? "Create a team" : "Register"}</h1>
      {state.reason !== null ? (
        <RegistrationClosed reason={state.reason}>
          {team && state.reason === "full" ? (
            <Link to={`/event/${event.eventNumber}/team/join`} className={button()}>
              Join a team
            </Link>
          ) : null}
        </RegistrationClosed>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className={s.card}>
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="participation" value={team ? "team" : "individual"} />
          {team ? (
            <>
              <p className={s.muted}>
                You lead the team. Teams take {event.minTeam} to {event.maxTeam} people: share the
                code you get with your teammates.
              </p>
              <Field label="Team Name" meta={fields.teamName}>
                <input key={teamKey} {...teamName} maxLength={60} className={input()} />
              </Field>
            </>
          ) : null}
          <DetailsFields fields={fields} />
          {event.currentFee !== null ? (
            <>
              <p className={s.muted} data-testid="fee-line">
                Fee {formatRupees(event.currentFee)}
                {event.feePer === "person" && team ? " per person" : ""}, paid by UPI to{" "}
                {event.payeeName}. Your place is held for {event.holdMinutes} minutes while you pay.
              </p>
              <Field label="Coupon code (optional)" meta={fields.coupon}>
                <input key={couponKey} {...coupon} autoComplete="off" className={input()} />
              </Field>
            </>
          ) : null}
          <div className={s.actions}>
            <button
              type="submit"
              className={button()}
              disabled={busy}
              data-testid="submit-register"
            >
              {team ? "Create team" : "Register"}
            </button>
            {team ? (
              <Link
                to={`/event/${event.eventNumber}/team/join`}
                className={button({ tone: "ghost" })}
              >
                Join a team instead
              </Link>
            ) : null}
          </div>
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: `Register${loaded?.event.eventName ? ` - ${loaded.event.eventName}` : ""} - ${PRODUCT_NAME}`,
  },
  { name: "robots", content: "noindex" },
];
