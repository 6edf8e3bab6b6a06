import type { AppLoadContext } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import type { Submission } from "#server/contracts/submissions";
import { callApi } from "#app/utils/api.server";

/** One submission round on the organiser's page: its submissions, searched by `sq` when asked. */
export interface SubmissionRound {
  index: number;
  title: string;
  q: string;
  items: Submission[];
}

/** Every submission round's submissions (SPEC-3 §2); `?sround={i}&sq=` searches round i. */
export async function submissionRounds(
  request: Request,
  context: AppLoadContext,
  event: EventData,
  url: URL,
): Promise<SubmissionRound[]> {
  const searched = url.searchParams.get("sround");
  const sq = (url.searchParams.get("sq") ?? "").trim().slice(0, 100);
  const rounds = event.rounds.flatMap((r, index) =>
    r.kind === "submission" ? [{ r, index }] : [],
  );
  return Promise.all(
    rounds.map(async ({ r, index }) => {
      const q = searched === String(index) ? sq : "";
      const res = await callApi<Submission[]>(
        request,
        context,
        `/event/${event.eventNumber}/rounds/${index}/submissions${q ? `?${new URLSearchParams({ q })}` : ""}`,
      );
      return { index, title: r.title, q, items: res.ok ? res.data : [] };
    }),
  );
}
