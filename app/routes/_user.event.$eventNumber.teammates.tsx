import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "#server/contracts/zod";
import {
  joinRequestSchema,
  pitchSchema,
  type TeammatesBoard,
} from "#server/contracts/registration";
import { Field } from "#app/components/Field";
import { PeopleListings, TeamListings } from "#app/components/registration/Board";
import { DetailsFields } from "#app/components/registration/DetailsFields";
import { EventLine } from "#app/components/registration/EventLine";
import { FormError } from "#app/components/registration/FormError";
import { loadRegistrationPage, onUnauthorized } from "#app/components/registration/loaders.server";
import * as s from "#app/components/registration/Registration.css";
import { button, input } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";
import { formConstraints } from "#app/utils/form-constraints.server";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

const requestSchema = joinRequestSchema.extend({ teamId: z.string().min(1) });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, event, state, details } = await loadRegistrationPage(
    request,
    context,
    params.eventNumber,
  );
  const board = await callApi<TeammatesBoard>(
    request,
    context,
    `/event/${event.eventNumber}/teammates`,
  );
  return data({
    user,
    event,
    state,
    details,
    board: board.ok ? board.data : { people: [], teams: [], requested: [] },
    formConstraints: formConstraints({ pitch: {}, joinRequest: {} }),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  if (intent === "remove") {
    const res = await callApi(request, context, `/event/${n}/teammates/remove`, { method: "POST" });
    onUnauthorized(request, res.status);
    return redirectWithToast(`/event/${n}/teammates`, {
      type: res.ok ? "success" : "error",
      message: res.ok ? "Your listing is off the board" : res.message,
    });
  }
  const asking = intent === "request";
  const submission = parseWithZod(formData, { schema: asking ? requestSchema : pitchSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, 400);
  const { teamId, ...body } = submission.value as { teamId?: string };
  const path = asking
    ? `/event/${n}/team/${encodeURIComponent(teamId ?? "")}/requests`
    : `/event/${n}/teammates`;
  const res = await callApi(request, context, path, { body: { json: body } });
  onUnauthorized(request, res.status);
  if (!res.ok) return data({ intent, result: replyWithApiErrors(submission, res) }, res.status);
  return redirectWithToast(`/event/${n}/teammates`, {
    type: "success",
    message: asking ? "Request sent: the leader has been mailed" : "You're on the board",
  });
}

export default function Teammates() {
  const { user, event, state, details, board } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const mine = state.mine;
  const leads = !!mine?.team && mine.team.leaderId === user._id;
  const canList = !mine || (leads && mine.team!.size < mine.team!.maxTeam);
  // The caller's own listing: 'Update listing' opens with its pitch (issue 31).
  const listing = leads
    ? board.teams.find((t) => t._id === mine?._id)
    : board.people.find((p) => p.userId === user._id);
  const listed = !!listing;
  const asking = board.teams.find((t) => t._id === params.get("ask")) ?? null;
  const [pitchForm, pitchFields] = useForm({
    id: "pitch",
    lastResult: actionData?.intent === "post" ? actionData.result : undefined,
    constraint: useFormConstraint("pitch"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("pitch", {}),
    defaultValue: { pitch: listing?.pitch ?? "" },
  });
  const [askForm, askFields] = useForm({
    id: "ask",
    lastResult: actionData?.intent === "request" ? actionData.result : undefined,
    constraint: useFormConstraint("joinRequest"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("joinRequest", {}),
    defaultValue: { ...details, message: "" },
  });
  const closed =
    event.participationType !== "team" || (state.reason !== null && state.reason !== "full");
  return (
    <section className={s.page}>
      <EventLine event={event} />
      <h1 className={s.pageTitle}>Find teammates</h1>
      {closed ? (
        <div className={s.card}>
          <p className={s.status({ tone: "bad" })}>
            {event.participationType !== "team"
              ? "This event takes individual registrations"
              : "Registration is closed"}
          </p>
        </div>
      ) : (
        <>
          {canList ? (
            <Form method="post" {...getFormProps(pitchForm)} noValidate className={s.card}>
              <h2 className={s.heading}>{leads ? "List your team" : "List yourself"}</h2>
              <FormError id={pitchForm.errorId} errors={pitchForm.errors} />
              <input type="hidden" name="intent" value="post" />
              <Field
                label={leads ? "Who are you looking for?" : "About you"}
                meta={pitchFields.pitch}
                hint="10 to 280 characters. No phone numbers or e-mail: people reach you through requests."
              >
                <textarea
                  {...getTextareaProps(pitchFields.pitch)}
                  maxLength={300}
                  rows={3}
                  className={input({ multiline: true })}
                />
              </Field>
              <div className={s.actions}>
                <button type="submit" className={button()} data-testid="post-listing">
                  {listed ? "Update listing" : "Post on the board"}
                </button>
              </div>
            </Form>
          ) : null}
          {listed ? (
            <Form method="post" className={s.inlineForm}>
              <input type="hidden" name="intent" value="remove" />
              <button
                type="submit"
                className={button({ tone: "ghost", size: "sm" })}
                data-testid="remove-listing"
              >
                Take my listing off the board
              </button>
            </Form>
          ) : null}
          {asking && !mine ? (
            <Form method="post" {...getFormProps(askForm)} noValidate className={s.card} id="ask">
              <h2 className={s.heading}>Ask to join {asking.name}</h2>
              <FormError id={askForm.errorId} errors={askForm.errors} />
              <input type="hidden" name="intent" value="request" />
              <input type="hidden" name="teamId" value={asking._id} />
              <Field label="Message to the leader" meta={askFields.message}>
                <textarea
                  {...getTextareaProps(askFields.message)}
                  maxLength={300}
                  rows={3}
                  className={input({ multiline: true })}
                />
              </Field>
              <DetailsFields fields={askFields} />
              <div className={s.actions}>
                <button type="submit" className={button()} data-testid="send-request">
                  Send request
                </button>
              </div>
            </Form>
          ) : null}
          <div className={s.card}>
            <h2 className={s.heading}>Teams looking for members</h2>
            <TeamListings
              teams={board.teams}
              canAsk={!mine}
              askingId={asking?._id ?? null}
              requested={board.requested}
            />
          </div>
          <div className={s.card}>
            <h2 className={s.heading}>People looking for a team</h2>
            <PeopleListings people={board.people} />
          </div>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: `Find teammates${loaded?.event.eventName ? ` - ${loaded.event.eventName}` : ""} - ${PRODUCT_NAME}`,
  },
  { name: "robots", content: "noindex" },
];
