import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { Certificate } from "#server/contracts/certificate";
import type { EventData } from "#server/contracts/event-shape";
import type {
  Announcement,
  Insights,
  RegistrationList,
  ResultsBoard,
} from "#server/contracts/organiser";
import type { ActivityItem, TeamInvite, TeamMember } from "#server/contracts/team";
import { ROLE_LABELS } from "#server/contracts/team-roles";
import {
  certificateAction,
  isCertificateIntent,
} from "#app/components/certificates/certificates.server";
import { CertificatesPanel } from "#app/components/certificates/CertificatesPanel";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { editPath, eventPath } from "#app/components/events/format";
import { JudgingPanel } from "#app/components/judging/JudgingPanel";
import {
  inLeaderboardOrder,
  isJudgingIntent,
  judgingAction,
  loadJudging,
} from "#app/components/judging/judging.server";
import { pageBoard } from "#app/components/organiser/board";
import { InsightsPanel } from "#app/components/organiser/InsightsPanel";
import { organiserAction } from "#app/components/organiser/organiser.server";
import { RegistrationsPanel } from "#app/components/organiser/RegistrationsPanel";
import { ResultsPanel } from "#app/components/organiser/ResultsPanel";
import { UpdatesPanel } from "#app/components/organiser/UpdatesPanel";
import { QuizRoundsPanel } from "#app/components/quiz/QuizRoundsPanel";
import { WinnersPanel } from "#app/components/organiser/WinnersPanel";
import { ActivityPanel, RolePanel } from "#app/components/team/ActivityPanel";
import { isTeamIntent, teamAction } from "#app/components/team/team.server";
import { TeamPanel } from "#app/components/team/TeamPanel";
import { submissionRounds } from "#app/components/submissions/submissions.server";
import { SubmissionsPanel } from "#app/components/submissions/SubmissionsPanel";
import { callApi } from "#app/utils/api.server";
import { isExpired } from "#app/utils/dates";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { useOptionalUser } from "#app/utils/use-user";
import { button } from "#app/styles/recipes.css";
import * as s from "#app/components/organiser/Organiser.css";
import { IntentButton } from "#app/components/IntentButton";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = /^\d{1,5}$/.test(url.searchParams.get("page") ?? "")
    ? url.searchParams.get("page")!
    : "1";
  const get = <T,>(path: string) => callApi<T>(request, context, path);
  const event = await get<EventData>(`/event/details/${n}`);
  if (event.status === 401) loginRedirect(request);
  if (event.status === 404) throw data("Event not found", { status: 404 });
  if (!event.ok) throw data(event.message, { status: event.status });
  const role = event.data.myRole;
  // A judge or a volunteer sees only their part (SPEC-3 §1); anyone else off the team gets 403.
  if (role === "judge" || role === "volunteer") return data({ member: role, event: event.data });
  const before = url.searchParams.get("before") ?? "";
  const [insights, list, updates, board, certificates, team, activity] = await Promise.all([
    get<Insights>(`/event/${n}/insights`),
    get<RegistrationList>(`/event/${n}/registrations?${new URLSearchParams({ q, page })}`),
    get<Announcement[]>(`/event/${n}/announcements`),
    get<ResultsBoard>(`/event/${n}/results/board`),
    get<Certificate[]>(`/event/${n}/certificates`),
    get<{ members: TeamMember[]; invites: TeamInvite[] }>(`/event/${n}/organisers`),
    get<{ items: ActivityItem[]; next: string | null }>(
      `/event/${n}/activity${/^\d{1,16}$/.test(before) ? `?before=${before}` : ""}`,
    ),
  ]);
  if (insights.status === 401) loginRedirect(request);
  for (const res of [insights, list, updates, board, certificates, team, activity])
    if (!res.ok) throw data(res.message, { status: res.status });
  const round = url.searchParams.get("round");
  const judging = await loadJudging(request, context, event.data);
  return data({
    event: event.data,
    submissions: await submissionRounds(request, context, event.data, url),
    insights: insights.data,
    list: list.data,
    updates: updates.data,
    board: pageBoard(
      { ...board.data, entrants: inLeaderboardOrder(board.data.entrants, judging) },
      {
        round: round && /^\d{1,3}$/.test(round) ? Number(round) : null,
        pick: url.searchParams.get("pick") === "winners",
      },
    ),
    q,
    certificates: certificates.data,
    closed: isExpired(event.data.endDate, new Date()),
    team: team.data,
    activity: { ...activity.data, paged: !!before },
    judging,
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = params.eventNumber ?? "";
  const form = await request.clone().formData();
  if (isTeamIntent(form)) return teamAction(request, context, n, form);
  if (isJudgingIntent(form)) return judgingAction(request, context, n, form);
  if (isCertificateIntent(form))
    return certificateAction(request, context, n, form, `/my/event/${n}`);
  return organiserAction(request, context, n);
}

export default function OrganiserEvent() {
  const loaded = useLoaderData<typeof loader>();
  if ("member" in loaded)
    return (
      <div className={s.page}>
        <header className={s.head}>
          <h1 className={s.title}>{loaded.event.eventName || "Untitled event"}</h1>
          <p className={s.status}>
            {ROLE_LABELS[loaded.member]} · Event {loaded.event.eventNumber} ·{" "}
            <Link to={eventPath(loaded.event.eventNumber)}>Open event page</Link>
          </p>
        </header>
        <RolePanel
          role={loaded.member}
          eventNumber={loaded.event.eventNumber}
          rounds={loaded.event.rounds}
        />
      </div>
    );
  return <ManageEvent {...loaded} />;
}

function ManageEvent({
  event,
  insights,
  list,
  updates,
  board,
  q,
  certificates,
  closed,
  team,
  activity,
  judging,
  submissions,
}: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { member: unknown }>) {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const n = event.eventNumber;
  const me = useOptionalUser()?._id ?? null;
  if (actionData && "confirm" in actionData) return <ConfirmStep confirm={actionData.confirm} />;
  return (
    <div className={s.page}>
      <header className={s.head}>
        <h1 className={s.title}>{event.eventName || "Untitled event"}</h1>
        <p className={s.status} data-testid="event-status">
          {event.status === "active" ? "Published" : "Draft (not visible to others)"} · Event {n} ·{" "}
          <Link to={eventPath(n)}>Open event page</Link>
        </p>
        <div className={s.actions}>
          <Link to={editPath(event)} className={button({ tone: "secondary", size: "sm" })}>
            Edit
          </Link>
          {event.status === "active" ? (
            <IntentButton intent="unpublish" label="Unpublish" busy={busy} />
          ) : null}
          <IntentButton intent="duplicate" label="Duplicate" busy={busy} />
          {event.myRole === "owner" ? (
            <Link to={`/my/event/${n}/delete`} className={button({ tone: "danger", size: "sm" })}>
              Delete
            </Link>
          ) : null}
        </div>
        <nav aria-label="Sections of this page">
          <ul className={s.anchors}>
            {[
              ["insights", "Insights"],
              ["registrations", "Registrations"],
              ...(submissions.length ? [["submissions", "Submissions"]] : []),
              ["updates", "Updates"],
              ...(event.rounds.some((r) => r.kind === "quiz") ? [["quiz", "Quiz"]] : []),
              ["results", "Results"],
              ["judging", "Judging"],
              ["winners", "Winners"],
              ["certificates", "Certificates"],
              ["team", "Team"],
              ["activity", "Activity"],
            ].map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className={s.anchor}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <InsightsPanel insights={insights} />
      <RegistrationsPanel eventNumber={n} list={list} q={q} />
      <SubmissionsPanel eventNumber={n} rounds={submissions} />
      <UpdatesPanel
        // A new update remounts the form empty: with JavaScript the page is not reloaded, and a
        // form still holding what was sent is one click from mailing everyone again (issue 31).
        key={updates[0]?._id ?? "none"}
        updates={updates}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        busy={busy}
      />
      <QuizRoundsPanel event={event} />
      <ResultsPanel board={board} busy={busy} />
      <JudgingPanel
        eventNumber={n}
        rounds={judging}
        members={team.members}
        me={me}
        setup={actionData && "judgingSetup" in actionData ? actionData.judgingSetup : null}
        busy={busy}
      />
      <WinnersPanel prizes={event.prizes} winners={board.winners} busy={busy} />
      <CertificatesPanel
        certificates={certificates}
        closed={closed}
        lastResult={actionData && "certificates" in actionData ? actionData.certificates : null}
        busy={busy}
      />
      <TeamPanel
        members={team.members}
        invites={team.invites}
        lastResult={actionData && "invite" in actionData ? actionData.invite : null}
        busy={busy}
      />
      <ActivityPanel items={activity.items} next={activity.next} paged={activity.paged} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.event.eventName ?? "Manage event"} - Manage - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export { OrganiserError as ErrorBoundary } from "#app/components/organiser/OrganiserError";
