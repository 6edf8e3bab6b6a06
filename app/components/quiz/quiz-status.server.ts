import type { AppLoadContext } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import type { QuizStatus } from "#server/contracts/quiz";
import { callApi } from "#app/utils/api.server";

/** Where the signed-in viewer stands in each quiz round of the event, by round index. */
export async function quizStatuses(
  request: Request,
  context: AppLoadContext,
  event: EventData,
): Promise<Record<number, QuizStatus>> {
  const indexes = (event.rounds ?? [])
    .map((r, i) => (r.kind === "quiz" ? i : -1))
    .filter((i) => i >= 0);
  const n = encodeURIComponent(event.eventNumber);
  const answers = await Promise.all(
    indexes.map((i) =>
      callApi<QuizStatus>(request, context, `/event/${n}/rounds/${i}/quiz/status`),
    ),
  );
  const out: Record<number, QuizStatus> = {};
  answers.forEach((res, k) => {
    if (res.ok) out[indexes[k]] = res.data;
  });
  return out;
}
