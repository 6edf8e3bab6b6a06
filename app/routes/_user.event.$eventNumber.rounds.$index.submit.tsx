import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import type { Feedback } from "#server/contracts/judging";
import {
  type MySubmission,
  type Submission,
  submissionSchema,
} from "#server/contracts/submissions";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { SharedFeedback } from "#app/components/judging/SharedFeedback";
import { SubmissionForm } from "#app/components/submissions/SubmissionForm";
import * as s from "#app/components/submissions/SubmissionForm.css";
import { NotOpen, RoundWindow, SubmissionView } from "#app/components/submissions/SubmitState";
import { callApi } from "#app/utils/api.server";
import { replyTooLarge, replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { keepFiles, keptAfter, keptIds, keptInForm } from "#app/utils/kept-files.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { submissionApiForm } from "#app/utils/submission.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { formConstraints } from "#app/utils/form-constraints.server";

/** A file picked with a refused submit is kept (a pending upload) and shown as chosen. */
const KEPT = { file: "submission" } as const;
const hideFields = ["file"];

async function load(
  request: Request,
  context: ActionFunctionArgs["context"],
  n: string,
  i: string,
) {
  const [event, mine] = await Promise.all([
    callApi<EventData>(request, context, `/event/details/${n}`),
    callApi<MySubmission>(request, context, `/event/${n}/rounds/${i}/submission`),
  ]);
  if (mine.status === 401) loginRedirect(request);
  if (!event.ok) throw data(event.message, { status: event.status });
  if (!mine.ok) throw data(mine.message, { status: mine.status });
  return { event: event.data, round: event.data.rounds[Number(i)]!, mine: mine.data };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const i = encodeURIComponent(params.index ?? "");
  const [{ event, round, mine }, feedback] = await Promise.all([
    load(request, context, n, i),
    // Shared once judging closes (SPEC-3 §3); anything else (409, 403) shows nothing.
    callApi<Feedback>(request, context, `/event/${n}/rounds/${i}/feedback`),
  ]);
  return data(
    {
      eventNumber: event.eventNumber,
      eventName: event.eventName,
      index: Number(i),
      round,
      mine,
      feedback: feedback.ok ? feedback.data : null,
      now: new Date().toISOString(),
      formConstraints: formConstraints({ submission: {} }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const i = encodeURIComponent(params.index ?? "");
  const { round } = await load(request, context, n, i);
  const formData = await request.formData();
  const kept = keptInForm(formData, KEPT);
  const schema = submissionSchema({
    requireLink: round.requireLink,
    requireFile: round.requireFile,
    hasFile: formData.get("hasFile") === "true" || !!kept.file,
  });
  const submission = parseWithZod(formData, { schema });
  const tooLarge = replyTooLarge(submission, formData, { hideFields });
  if (tooLarge) return data({ result: tooLarge, kept }, { status: 413 });
  if (submission.status !== "success") {
    const keptNow = await keepFiles(request, context, formData, KEPT);
    return data({ result: submission.reply({ hideFields }), kept: keptNow }, { status: 400 });
  }
  const form = submissionApiForm(submission.value, keptIds(formData, kept));
  const res = await callApi<Submission>(request, context, `/event/${n}/rounds/${i}/submission`, {
    body: { form },
  });
  if (!res.ok) {
    const keptNow = keptAfter(await keepFiles(request, context, formData, KEPT), res);
    return data(
      {
        result: replyWithApiErrors(submission, res, { hideFields, fileField: "file" }),
        kept: keptNow,
      },
      { status: res.status },
    );
  }
  return redirectWithToast(`/event/${n}`, {
    type: "success",
    message: res.status === 201 ? "Submission received" : "Submission saved",
  });
}

export default function SubmitPage() {
  const { eventNumber, eventName, index, round, mine, feedback, now } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className={s.page}>
      <h1>{headingOf(mine)}</h1>
      <p className={s.lead}>
        Round {index + 1}: {round.title} · <Link to={`/event/${eventNumber}`}>{eventName}</Link>
      </p>
      <div className={s.card}>
        <RoundWindow round={round} now={now} />
        {mine.open ? (
          <SubmissionForm
            eventNumber={eventNumber}
            round={round}
            submission={mine.submission}
            kept={actionData?.kept?.file}
            lastResult={actionData?.result}
            busy={busy}
          />
        ) : (
          <>
            <NotOpen mine={mine} eventNumber={eventNumber} />
            {mine.submission ? <SubmissionView submission={mine.submission} /> : null}
          </>
        )}
        {feedback ? <SharedFeedback feedback={feedback} title="Judges' feedback" /> : null}
      </div>
    </section>
  );
}

/** 'Submit', 'Edit submission', or once saves are over, 'Your submission'. */
function headingOf(mine: MySubmission): string {
  if (!mine.submission) return "Submit";
  return mine.open ? "Edit submission" : "Your submission";
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded ? headingOf(loaded.mine) : "Submit"} - ${PRODUCT_NAME}` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
