import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import type { JudgeQueue } from "#server/contracts/judging";
import { JUDGING_MESSAGES as M } from "#server/contracts/judging-messages";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { confirmConflict } from "#app/components/judging/conflict.server";
import * as s from "#app/components/judging/Judging.css";
import { nextToScore, QueueList } from "#app/components/judging/QueueList";
import { ConflictForm, ScoreForm, SubmissionCard } from "#app/components/judging/ScoreForm";
import * as o from "#app/components/organiser/Organiser.css";
import { callApi } from "#app/utils/api.server";
import { isConfirmed } from "#app/utils/confirm.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";
import { formConstraints } from "#app/utils/form-constraints.server";
import { FORM_SCHEMAS } from "#app/utils/form-schemas";

const schema = FORM_SCHEMAS.score({});

function paths(params: LoaderFunctionArgs["params"]) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const i = encodeURIComponent(params.round ?? "");
  return { n, i, api: `/event/${n}/rounds/${i}`, page: `/my/event/${n}/judging/${i}` };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { n, api } = paths(params);
  const [queue, event] = await Promise.all([
    callApi<JudgeQueue>(request, context, `${api}/judging/mine`),
    callApi<EventData>(request, context, `/event/details/${n}`),
  ]);
  if (queue.status === 401) loginRedirect(request);
  if (!queue.ok) throw data(queue.message, { status: queue.status });
  const index = Number(params.round);
  const sid = new URL(request.url).searchParams.get("s");
  return data(
    {
      queue: queue.data,
      eventNumber: n,
      eventName: event.ok ? (event.data.eventName ?? "") : "",
      roundTitle: event.ok ? (event.data.rounds[index]?.title ?? "") : "",
      index,
      current: queue.data.items.find((item) => item.submission._id === sid) ?? null,
      formConstraints: formConstraints({ score: {} }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api, page } = paths(params);
  const formData = await request.formData();
  if (formData.get("intent") === "conflict") {
    const sid = encodeURIComponent(String(formData.get("sid") ?? ""));
    if (!isConfirmed(formData)) return confirmConflict(formData, `${page}?s=${sid}`);
    const res = await callApi(request, context, `${api}/submissions/${sid}/conflict`, {
      method: "POST",
      body: { json: {} },
    });
    if (res.status === 401) loginRedirect(request);
    return redirectWithToast(page, {
      type: res.ok ? "success" : "error",
      message: res.ok ? "Conflict declared: the submission goes to another judge" : res.message,
    });
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  const { sid, ...body } = submission.value;
  const res = await callApi(
    request,
    context,
    `${api}/submissions/${encodeURIComponent(sid)}/score`,
    {
      body: { json: body },
    },
  );
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) return data({ result: replyWithApiErrors(submission, res) }, res.status);
  const queue = await callApi<JudgeQueue>(request, context, `${api}/judging/mine`);
  const next = queue.ok ? nextToScore(queue.data.items, sid) : null;
  if (next) throw redirect(`${page}?s=${encodeURIComponent(next)}`);
  return redirectWithToast(page, {
    type: "success",
    message: "Score saved. Nothing left to score.",
  });
}

export default function JudgingQueue() {
  const { queue, eventNumber, eventName, roundTitle, index, current } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (actionData && "confirm" in actionData) return <ConfirmStep confirm={actionData.confirm} />;
  const scored = queue.items.filter((item) => item.myScore).length;
  const closed = queue.state === "closed";
  return (
    <div className={o.page}>
      <header className={o.head}>
        <h1 className={o.title}>
          Judging: round {index + 1}
          {roundTitle ? `, ${roundTitle}` : ""}
        </h1>
        <p className={o.status}>
          {eventName} · <Link to={`/my/event/${eventNumber}`}>Back to the event</Link>
        </p>
        <p className={s.progress} data-testid="scored">
          {M.scored(scored, queue.items.length)}
        </p>
        {queue.state === "setup" ? (
          <p className={o.muted}>
            Judging has not opened yet. The submissions assigned to you appear here when it opens.
          </p>
        ) : null}
        {closed ? <p className={o.muted}>{M.closed}. Your scores are final.</p> : null}
        {queue.blind ? <p className={o.muted}>Blind judging: names are hidden.</p> : null}
      </header>
      <div className={s.desk}>
        {current ? (
          <div className={s.stack}>
            <SubmissionCard item={current} />
            <ScoreForm
              key={current.submission._id}
              item={current}
              criteria={queue.criteria}
              lastResult={actionData?.result}
              busy={busy}
              closed={closed}
            />
            {closed ? null : (
              <ConflictForm
                sid={current.submission._id}
                title={current.submission.title}
                busy={busy}
              />
            )}
          </div>
        ) : null}
        <QueueList items={queue.items} current={current?.submission._id ?? null} />
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Judging - ${loaded?.eventName || "Event"} - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
