import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import { type QuizData, type QuizLeaderboardRow, quizSetupSchema } from "#server/contracts/quiz";
import { QUIZ_MESSAGES } from "#server/contracts/quiz-messages";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import * as s from "#app/components/organiser/Organiser.css";
import { confirmResults } from "#app/components/organiser/confirm-mails.server";
import { QuizBuilder } from "#app/components/quiz/QuizBuilder";
import { QuizLeaderboard } from "#app/components/quiz/QuizLeaderboard";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { formatDateTimeIST } from "#app/utils/dates";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";
import { formConstraints } from "#app/utils/form-constraints.server";

const paths = (n: string, i: string) => ({
  api: `/event/${encodeURIComponent(n)}/rounds/${encodeURIComponent(i)}`,
  here: `/my/event/${encodeURIComponent(n)}/quiz/${encodeURIComponent(i)}`,
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = params.eventNumber ?? "";
  const { api } = paths(n, params.index ?? "");
  const get = <T,>(p: string) => callApi<T>(request, context, p);
  const [quiz, event, board] = await Promise.all([
    get<QuizData | null>(`${api}/quiz`),
    get<EventData>(`/event/details/${encodeURIComponent(n)}`),
    get<QuizLeaderboardRow[]>(`${api}/quiz/leaderboard`),
  ]);
  if (quiz.status === 401) loginRedirect(request);
  for (const res of [quiz, event, board])
    if (!res.ok) throw data(res.message, { status: res.status });
  const index = Number(params.index);
  const round = event.data.rounds[index]!;
  return data(
    {
      quiz: quiz.data,
      rows: board.data,
      eventNumber: event.data.eventNumber,
      eventName: event.data.eventName ?? "",
      round: { index, title: round.title, startDate: round.startDate, endDate: round.endDate },
      locked: Date.parse(round.startDate) <= Date.now(),
      formConstraints: formConstraints({ quizSetup: {} }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = params.eventNumber ?? "";
  const index = params.index ?? "";
  const { api, here } = paths(n, index);
  const formData = await request.formData();
  if (formData.get("intent") === "advance") {
    // 'Advance top N': SPEC-2's results call with the leaderboard's first N, asked first (it mails).
    let advancing = formData.getAll("advancing").map(String);
    if (formData.get("confirmed") !== "yes") {
      const board = await callApi<QuizLeaderboardRow[]>(
        request,
        context,
        `${api}/quiz/leaderboard`,
      );
      if (board.status === 401) loginRedirect(request);
      const top = Math.max(0, Math.floor(Number(formData.get("top")) || 0));
      advancing = (board.ok ? board.data : []).slice(0, top).map((r) => r.registrationId);
      formData.delete("advancing");
      for (const id of advancing) formData.append("advancing", id);
      formData.set("round", index);
      const ask = await confirmResults(request, context, n, formData);
      if (ask) return ask;
    }
    const res = await callApi(request, context, `${api}/results`, {
      body: { json: { advancing } },
    });
    if (res.status === 401) loginRedirect(request);
    return redirectWithToast(here, {
      type: res.ok ? "success" : "error",
      message: res.ok ? "Results saved" : res.message,
    });
  }
  const submission = parseWithZod(formData, { schema: quizSetupSchema });
  if (submission.status !== "success")
    return data(
      { result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  const res = await callApi<QuizData>(request, context, `${api}/quiz`, {
    body: { json: submission.value },
  });
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) return data({ result: replyWithApiErrors(submission, res) }, { status: res.status });
  return redirectWithToast(here, { type: "success", message: "Quiz saved" });
}

export default function OrganiserQuiz() {
  const { quiz, rows, eventNumber, eventName, round, locked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (actionData && "confirm" in actionData) return <ConfirmStep confirm={actionData.confirm} />;
  const lastResult = actionData && "result" in actionData ? actionData.result : null;
  return (
    <div className={s.page}>
      <header className={s.head}>
        <h1 className={s.title}>Quiz: {round.title}</h1>
        <p className={s.status}>
          Round {round.index + 1} of <Link to={`/my/event/${eventNumber}`}>{eventName}</Link> ·{" "}
          {formatDateTimeIST(round.startDate)} – {formatDateTimeIST(round.endDate)}
        </p>
      </header>
      <section className={s.section} aria-labelledby="builder-title">
        <h2 id="builder-title" className={s.sectionTitle}>
          Questions
        </h2>
        {locked ? (
          <p className={s.muted}>{QUIZ_MESSAGES.locked}.</p>
        ) : (
          <QuizBuilder quiz={quiz} lastResult={lastResult} />
        )}
        {locked && quiz ? <QuizSummary quiz={quiz} /> : null}
      </section>
      <section className={s.section} aria-labelledby="leaderboard-title">
        <h2 id="leaderboard-title" className={s.sectionTitle}>
          Leaderboard
        </h2>
        <QuizLeaderboard rows={rows} />
      </section>
    </div>
  );
}

/** The quiz as it stands once locked: each question with its answer. */
function QuizSummary({ quiz }: { quiz: QuizData }) {
  return (
    <ol>
      {quiz.questions.map((q) => (
        <li key={q._id}>
          {q.text}{" "}
          <span className={s.muted}>
            (
            {q.type === "number"
              ? `${q.answer} ± ${q.tolerance}`
              : [q.answer]
                  .flat()
                  .map((k) => q.options[k])
                  .join(", ")}
            ; {q.marks === 1 ? "1 mark" : `${q.marks} marks`}
            {q.negativeMarks ? `, −${q.negativeMarks} if wrong` : ""})
          </span>
        </li>
      ))}
    </ol>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Quiz${loaded ? ` - ${loaded.round.title}` : ""} - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
