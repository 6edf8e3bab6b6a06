import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { step2Schema } from "#server/contracts/event";
import type { EventData } from "#server/contracts/event-shape";
import { ContactRows } from "#app/components/events/create/ContactRows";
import { loadOwnEvent, movedAfterSave, throwOnLostEvent } from "#app/utils/create.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { stepUrl } from "#app/utils/step-url";
import * as s from "#app/components/events/create/create.css";
import { feeDefaults } from "#app/components/events/create/FeeFields";
import { RegistrationFields } from "#app/components/events/create/RegistrationFields";
import { StepHeader } from "#app/components/events/create/StepHeader";
import { SubmitButton } from "#app/components/events/create/SubmitButton";
import { useMoveAfterSave } from "#app/components/events/create/use-move-after-save";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { requireUserForSave } from "#app/utils/guards.server";
import { restoredResult, takeStash } from "#app/utils/form-stash.server";
import { nowISTInput, toISTInput } from "#app/utils/dates";
import { stepMeta } from "#app/components/events/create/step-meta";
import { StepForm } from "#app/components/events/create/StepForm";
import { confirmPastEnd } from "#app/components/events/create/past-end.server";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { formConstraints } from "#app/utils/form-constraints.server";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

// The website saved in step 1 is not part of this form: the API checks that one is there.
const schema = step2Schema({ hasWebsite: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { event } = await loadOwnEvent(request, context, params.eventNumber!);
  // Back from /login after the session ended mid-save: what was typed then (issue 11).
  const kept = await takeStash(request, context, {
    eventNumber: params.eventNumber!,
    form: "step2",
  });
  return data(
    {
      event: event!,
      now: nowISTInput(),
      kept: kept ? restoredResult(kept.formData, schema) : null,
      formConstraints: formConstraints({ step2: {} }),
    },
    { headers: kept?.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireUserForSave(request, context, { eventNumber: params.eventNumber!, step: "step2" });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return data({ result: submission.reply() }, submission.status === "error" ? 400 : 200);
  const ask = await confirmPastEnd(request, context, params.eventNumber!, formData);
  if (ask) return ask;
  const res = await callApi<EventData>(
    request,
    context,
    `/event/create/${params.eventNumber}/step2`,
    {
      body: { json: { ...submission.value, eventNumber: params.eventNumber } },
    },
  );
  if (res.ok) {
    return movedAfterSave(
      formData,
      stepUrl(params.eventNumber!, "step3", res.data.eventType),
      "Step II completed successfully",
    );
  }
  await throwOnLostEvent(request, res);
  return data({ result: replyWithApiErrors(submission, res) }, res.status);
}

export default function Step2() {
  const { event, now, kept } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  useMoveAfterSave((actionData as { next?: string } | undefined)?.next);
  const [form, fields] = useForm({
    id: "event-step2",
    lastResult: (actionData && "result" in actionData ? actionData.result : null) ?? kept,
    constraint: useFormConstraint("step2"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      registrationMode: event.registrationMode,
      capacity: event.capacity ? String(event.capacity) : "",
      participationType: event.participationType ?? "",
      minTeam: String(event.minTeam ?? 1),
      maxTeam: String(event.maxTeam ?? 4),
      startDate: toISTInput(event.startDate) || now,
      endDate: toISTInput(event.endDate) || now,
      contactDetails: event.contactDetails.length
        ? event.contactDetails
        : [{ name: "", number: "" }],
      version: String(event.version),
      ...feeDefaults(event),
    },
    onValidate: useFormValidation("step2", {}),
  });

  if (confirm) return <ConfirmStep confirm={confirm} />;
  return (
    <section className={s.page}>
      <StepHeader step={2} title="Registration Details" eventNumber={event.eventNumber} />
      <StepForm form={form} version={fields.version}>
        <RegistrationFields fields={fields} />
        <ContactRows form={form} meta={fields.contactDetails} />
        <div className={s.actions}>
          <Link
            to={stepUrl(event.eventNumber, "step1", event.eventType)}
            className={button({ tone: "ghost" })}
          >
            Back
          </Link>
          <SubmitButton>Next</SubmitButton>
        </div>
      </StepForm>
    </section>
  );
}

export const meta: MetaFunction = () =>
  stepMeta(2, "registration window, participation and contacts.");

export { EditRefused as ErrorBoundary } from "#app/components/events/create/EditRefused";
