import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import type { EventData } from "#server/contracts/event-shape";
import {
  type JudgingView,
  judgingSetupSchema,
  type LeaderboardRow,
} from "#server/contracts/judging";
import type { Submission } from "#server/contracts/submissions";
import { sectionHref } from "#app/components/organiser/sections";
import { callApi } from "#app/utils/api.server";
import { replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";

/** Rows of a leaderboard the page shows; the rest are counted. */
export const SHOWN_ROWS = 50;

export interface RoundJudging {
  index: number;
  title: string;
  endDate: string;
  judging: JudgingView | null;
  rows: LeaderboardRow<Submission>[];
  total: number;
  /** 'Advance top {N}': N (from `?top=`), and the registrations of the leaderboard's first N. */
  top: number;
  advancing: string[];
  /** The registrations of every scored row, best first: with JavaScript the N follows the field. */
  ranked: string[];
}

/** Each submission round's judging and leaderboard, for the organiser page's 'Judging'. */
export async function loadJudging(
  request: Request,
  context: AppLoadContext,
  event: EventData,
): Promise<RoundJudging[]> {
  const n = encodeURIComponent(event.eventNumber);
  const url = new URL(request.url);
  const asked = url.searchParams.get("top");
  const rounds = event.rounds
    .map((round, index) => ({ round, index }))
    .filter(({ round }) => round.kind === "submission");
  return Promise.all(
    rounds.map(async ({ round, index }) => {
      const base = `/event/${n}/rounds/${index}`;
      const [judging, board] = await Promise.all([
        callApi<JudgingView>(request, context, `${base}/judging`),
        callApi<LeaderboardRow<Submission>[]>(request, context, `${base}/leaderboard`),
      ]);
      if (board.status === 401) loginRedirect(request);
      if (!board.ok) throw data(board.message, { status: board.status });
      if (!judging.ok && judging.status !== 404)
        throw data(judging.message, { status: judging.status });
      const scored = board.data.filter((r) => r.mean !== null).length;
      const wanted = url.searchParams.get("round") === String(index) && asked ? Number(asked) : 10;
      const top = Math.max(
        1,
        Math.min(Number.isFinite(wanted) ? Math.floor(wanted) : 10, scored || 1),
      );
      return {
        index,
        title: round.title,
        endDate: round.endDate,
        judging: judging.ok ? judging.data : null,
        rows: board.data.slice(0, SHOWN_ROWS),
        total: board.data.length,
        top,
        advancing: board.data
          .slice(0, top)
          .filter((r) => r.mean !== null)
          .map((r) => r.submission.registrationId),
        ranked: board.data.filter((r) => r.mean !== null).map((r) => r.submission.registrationId),
      };
    }),
  );
}

/**
 * The Winners selects list entrants in the leaderboard's order of the last round whose judging has
 * closed, then everyone else as before.
 */
export function inLeaderboardOrder<E extends { _id: string }>(
  entrants: E[],
  rounds: RoundJudging[],
): E[] {
  const closed = rounds.filter((r) => r.judging?.state === "closed").at(-1);
  if (!closed) return entrants;
  const rank = new Map(closed.rows.map((r, i) => [r.submission.registrationId, i]));
  return [...entrants].sort(
    (a, b) => (rank.get(a._id) ?? Infinity) - (rank.get(b._id) ?? Infinity),
  );
}

const INTENTS = ["judging-setup", "judging-open", "judging-close", "judging-add-judge"];

export function isJudgingIntent(form: FormData): boolean {
  return INTENTS.includes(String(form.get("intent") ?? ""));
}

/** The 'Judging' forms: set-up (field errors back to its form), open, close, add a judge (a toast). */
export async function judgingAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const round = String(form.get("round") ?? "");
  const here = sectionHref(eventNumber, "judging", {}, `judging-${round}`);
  const call = async (path: string, json: unknown) => {
    const res = await callApi(
      request,
      context,
      `/event/${encodeURIComponent(eventNumber)}/rounds/${encodeURIComponent(round)}/judging${path}`,
      { method: "POST", body: { json } },
    );
    if (res.status === 401) loginRedirect(request);
    return res;
  };
  const intent = String(form.get("intent"));
  if (intent === "judging-setup") {
    const submission = parseWithZod(form, { schema: judgingSetupSchema });
    if (submission.status !== "success")
      return data({ judgingSetup: { round, result: submission.reply() } }, { status: 400 });
    const res = await call("", submission.value);
    if (!res.ok)
      return data(
        { judgingSetup: { round, result: replyWithApiErrors(submission, res) } },
        { status: res.status },
      );
    return redirectWithToast(here, { type: "success", message: "Judging saved" });
  }
  if (intent === "judging-add-judge") {
    // Issue 45: a judge added while judging is open takes the submissions that need one.
    const added = await call("/judges", { userId: String(form.get("userId") ?? "") });
    return redirectWithToast(
      here,
      added.ok
        ? { type: "success", message: "Judge added: they take the submissions that need one" }
        : { type: "error", message: added.message },
    );
  }
  const res = await call(intent === "judging-open" ? "/open" : "/close", {});
  return redirectWithToast(
    here,
    res.ok
      ? {
          type: "success",
          message: intent === "judging-open" ? "Judging opened" : "Judging closed",
        }
      : { type: "error", message: res.message },
  );
}
