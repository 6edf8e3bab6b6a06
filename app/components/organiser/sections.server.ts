import { type AppLoadContext, data } from "@remix-run/node";
import type { Certificate } from "#server/contracts/certificate";
import type { CouponData } from "#server/contracts/payments";
import type { EventData } from "#server/contracts/event-shape";
import type {
  Announcement,
  AudienceCounts,
  Insights,
  RegistrationList,
  ResultsBoard,
} from "#server/contracts/organiser";
import type { ActivityItem, TeamInvite, TeamMember } from "#server/contracts/team";
import { inLeaderboardOrder, loadJudging } from "#app/components/judging/judging.server";
import { submissionRounds } from "#app/components/submissions/submissions.server";
import type { ApiResult } from "#app/utils/api.server";
import { callApi } from "#app/utils/api.server";
import { isExpired } from "#app/utils/dates";
import { loginRedirect } from "#app/utils/guards.server";
import { pageBoard } from "./board";
import type { SectionId } from "./sections";

type Team = { members: TeamMember[]; invites: TeamInvite[] };

/**
 * What one section of the organiser page shows, and nothing more: the overview's insights, the
 * registrants' page, the rounds' board, … Fields of other sections stay null.
 */
export async function loadSection(
  request: Request,
  context: AppLoadContext,
  event: EventData,
  section: SectionId,
) {
  const url = new URL(request.url);
  const n = encodeURIComponent(event.eventNumber);
  const get = async <T>(path: string): Promise<T> => {
    const res: ApiResult<T> = await callApi<T>(request, context, `/event/${n}${path}`);
    if (res.status === 401) loginRedirect(request);
    if (!res.ok) throw data(res.message, { status: res.status });
    return res.data;
  };
  const none = {
    insights: null as Insights | null,
    list: null as RegistrationList | null,
    q: "",
    updates: null as Announcement[] | null,
    audiences: null as AudienceCounts | null,
    editing: null as number | null,
    board: null as ReturnType<typeof pageBoard> | null,
    submissions: null as Awaited<ReturnType<typeof submissionRounds>> | null,
    judging: null as Awaited<ReturnType<typeof loadJudging>> | null,
    certificates: null as Certificate[] | null,
    closed: isExpired(event.endDate, new Date()),
    team: null as Team | null,
    activity: null as { items: ActivityItem[]; next: string | null; paged: boolean } | null,
    coupons: null as CouponData[] | null,
  };
  switch (section) {
    case "overview":
      return { ...none, insights: await get<Insights>("/insights") };
    case "registrations": {
      const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
      const raw = url.searchParams.get("page") ?? "";
      const page = /^\d{1,5}$/.test(raw) ? raw : "1";
      const params = new URLSearchParams({ q, page });
      return { ...none, q, list: await get<RegistrationList>(`/registrations?${params}`) };
    }
    case "rounds": {
      const [board, judging, submissions] = await Promise.all([
        get<ResultsBoard>("/results/board"),
        loadJudging(request, context, event),
        submissionRounds(request, context, event, url),
      ]);
      const round = url.searchParams.get("round");
      return {
        ...none,
        submissions,
        board: pageBoard(
          { ...board, entrants: inLeaderboardOrder(board.entrants, judging) },
          {
            round: round && /^\d{1,3}$/.test(round) ? Number(round) : null,
            pick: url.searchParams.get("pick") === "winners",
          },
        ),
      };
    }
    case "judging": {
      const [judging, team] = await Promise.all([
        loadJudging(request, context, event),
        get<Team>("/organisers"),
      ]);
      return { ...none, judging, team };
    }
    case "updates": {
      const [updates, audiences] = await Promise.all([
        get<Announcement[]>("/announcements"),
        get<AudienceCounts>("/announcement-audiences"),
      ]);
      const edit = url.searchParams.get("edit") ?? "";
      return {
        ...none,
        updates,
        audiences,
        editing: /^\d{1,12}$/.test(edit) ? Number(edit) : null,
      };
    }
    case "coupons":
      // SPEC-4 §1: a free event has no coupons to show (the menu does not list the section).
      return event.fee > 0 ? { ...none, coupons: await get<CouponData[]>("/coupons") } : none;
    case "certificates":
      return { ...none, certificates: await get<Certificate[]>("/certificates") };
    case "team": {
      const before = url.searchParams.get("before") ?? "";
      const [team, activity] = await Promise.all([
        get<Team>("/organisers"),
        get<{ items: ActivityItem[]; next: string | null }>(
          `/activity${/^\d{1,16}$/.test(before) ? `?before=${before}` : ""}`,
        ),
      ]);
      return { ...none, team, activity: { ...activity, paged: !!before } };
    }
    default:
      return none;
  }
}
