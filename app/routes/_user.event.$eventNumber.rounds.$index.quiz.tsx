import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import type { QuizAttempt, QuizResult, QuizStatus } from "#server/contracts/quiz";
import { QUIZ_LIMITS } from "#server/contracts/quiz-messages";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { FormMessage } from "#app/components/FormMessage";
import { answersFrom } from "#app/components/quiz/answers";
import * as s from "#app/components/quiz/Quiz.css";
import { QuizForm } from "#app/components/quiz/QuizForm";
import { QuizResultView } from "#app/components/quiz/QuizResultView";
import { briefLines } from "#app/components/quiz/quiz-brief";
import { confirmStart, confirmSubmit } from "#app/components/quiz/quiz-confirm.server";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { isConfirmed } from "#app/utils/confirm.server";
import { formatDateTimeIST } from "#app/utils/dates";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";

const quizPath = (n: string, i: string) =>
  `/event/${encodeURIComponent(n)}/rounds/${encodeURIComponent(i)}/quiz`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const path = quizPath(params.eventNumber ?? "", params.index ?? "");
  const get = <T,>(p: string, method = "GET") => callApi<T>(request, context, p, { method });
  const [status, event] = await Promise.all([
    get<QuizStatus>(`${path}/status`),
    get<EventData>(`/event/details/${encodeURIComponent(params.eventNumber ?? "")}`),
  ]);
  if (status.status === 401) loginRedirect(request);
  if (!status.ok) throw data(status.message, { status: status.status });
  const round = event.ok ? event.data.rounds[Number(params.index)] : undefined;
  const base = {
    status: status.data,
    eventNumber: params.eventNumber ?? "",
    eventName: event.ok ? (event.data.eventName ?? "") : "",
    roundTitle: round?.title ?? "Quiz",
    endDate: round?.endDate ?? null,
    api: `/api/v1${path}`,
    serverNow: new Date().toISOString(),
    attempt: null as QuizAttempt | null,
    result: null as QuizResult | null,
  };
  const headers = { "Cache-Control": "private, no-store" };
  const mine = status.data.startedBy === null;
  if (mine && status.data.state === "started" && status.data.reason === null) {
    // Starting again returns the attempt as it is: same order, saved answers, same deadline.
    const attempt = await get<QuizAttempt>(`${path}/start`, "POST");
    if (attempt.ok) return data({ ...base, attempt: attempt.data }, { headers });
  }
  if (status.data.state !== "none") {
    const result = await get<QuizResult>(`${path}/result`);
    if (result.ok) return data({ ...base, result: result.data }, { headers });
  }
  return data(base, { headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = params.eventNumber ?? "";
  const path = quizPath(n, params.index ?? "");
  const here = `/event/${encodeURIComponent(n)}/rounds/${encodeURIComponent(params.index ?? "")}/quiz`;
  const form = await request.formData();
  if (form.get("intent") === "start") {
    // The clock starts on the second tap: first what the quiz is (time, questions, marks off).
    if (!isConfirmed(form)) {
      const [status, event] = await Promise.all([
        callApi<QuizStatus>(request, context, `${path}/status`),
        callApi<EventData>(request, context, `/event/details/${encodeURIComponent(n)}`),
      ]);
      if (status.status === 401) loginRedirect(request);
      const endDate = event.ok ? (event.data.rounds[Number(params.index)]?.endDate ?? null) : null;
      if (status.ok && status.data.brief && status.data.reason === null)
        return confirmStart(form, status.data.brief, endDate, here);
    }
    const res = await callApi<QuizAttempt>(request, context, `${path}/start`, { method: "POST" });
    if (res.status === 401) loginRedirect(request);
    if (!res.ok) return redirectWithToast(here, { type: "error", message: res.message });
    return redirectWithToast(here, { type: "success", message: "Quiz started" });
  }
  // The questions asked are those of the attempt: read it again, then send what the form holds.
  const attempt = await callApi<QuizAttempt>(request, context, `${path}/start`, { method: "POST" });
  if (attempt.status === 401) loginRedirect(request);
  if (!attempt.ok) return redirectWithToast(here, { type: "error", message: attempt.message });
  // Asked first, unless the time is already up: then the refusal shows at once.
  const late = Date.now() > Date.parse(attempt.data.deadline) + QUIZ_LIMITS.graceMs;
  if (!isConfirmed(form) && !late)
    return confirmSubmit(request, context, form, attempt.data, path, here);
  const answers = answersFrom(form, attempt.data.questions);
  const res = await callApi(request, context, `${path}/submit`, { body: { json: { answers } } });
  return redirectWithToast(here, {
    type: res.ok ? "success" : "error",
    message: res.ok ? "Quiz submitted" : res.message,
  });
}

export default function QuizPage() {
  const { status, eventNumber, eventName, roundTitle, endDate, api, serverNow, attempt, result } =
    useLoaderData<typeof loader>();
  const asked = useActionData<typeof action>();
  if (asked && "confirm" in asked) return <ConfirmStep confirm={asked.confirm} />;
  return (
    <section className={s.page} aria-labelledby="quiz-title">
      <h1 id="quiz-title" className={s.title}>
        {roundTitle}
      </h1>
      <p className={s.muted}>
        <Link to={`/event/${eventNumber}`}>{eventName}</Link>
      </p>
      {attempt ? (
        <QuizForm attempt={attempt} api={api} serverNow={serverNow} />
      ) : result ? (
        <QuizResultView result={result} />
      ) : status.state === "submitted" ? (
        <FormMessage type="success">
          {`Submitted. Results are shown when the round closes${endDate ? ` (${formatDateTimeIST(endDate)})` : ""}.`}
        </FormMessage>
      ) : status.startedBy ? (
        <FormMessage type="error">{`Your team's quiz was started by ${status.startedBy}`}</FormMessage>
      ) : status.message ? (
        <FormMessage type="error">{status.message}</FormMessage>
      ) : (
        <Form method="post" className={s.form}>
          {status.brief ? (
            <ul className={s.brief} data-testid="quiz-brief">
              {briefLines(status.brief, endDate, Date.parse(serverNow)).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <input type="hidden" name="intent" value="start" />
          <button type="submit" className={button()} data-testid="start-quiz">
            Start quiz
          </button>
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.roundTitle ?? "Quiz"} - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
