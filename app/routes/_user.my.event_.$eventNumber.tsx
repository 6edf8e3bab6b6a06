import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ClashWarning } from "#app/components/orgs/ClashWarning";
import { clashCollege } from "#app/components/orgs/clash-college.server";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import { ROLE_LABELS } from "#server/contracts/team-roles";
import {
  certificateAction,
  isCertificateIntent,
} from "#app/components/certificates/certificates.server";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { editPath, eventPath } from "#app/components/events/format";
import { isJudgingIntent, judgingAction } from "#app/components/judging/judging.server";
import { organiserAction } from "#app/components/organiser/organiser.server";
import { SectionNav } from "#app/components/organiser/SectionNav";
import { backTo, sectionOf } from "#app/components/organiser/sections";
import { loadSection } from "#app/components/organiser/sections.server";
import { isUpdatesIntent, updatesAction } from "#app/components/organiser/updates.server";
import { isTeamIntent, teamAction } from "#app/components/team/team.server";
import { couponAction, isCouponIntent } from "#app/components/payments/coupons.server";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { useOptionalUser } from "#app/utils/use-user";
import { button } from "#app/styles/recipes.css";
import * as s from "#app/components/organiser/Organiser.css";
import { IntentButton } from "#app/components/IntentButton";
import { formConstraints } from "#app/utils/form-constraints.server";
import { usePreloadParts } from "#app/utils/lazy-part";
import {
  ActivityPanel,
  CertificatesPanel,
  CouponsPanel,
  InsightsPanel,
  JudgingPanel,
  MANAGER_PANELS,
  QuizRoundsPanel,
  RegistrationsPanel,
  ResultsPanel,
  RolePanel,
  SubmissionsPanel,
  TeamPanel,
  UpdatesPanel,
  WinnersPanel,
} from "#app/components/organiser/parts";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const event = await callApi<EventData>(request, context, `/event/details/${n}`);
  if (event.status === 401) loginRedirect(request);
  if (event.status === 404) throw data("Event not found", { status: 404 });
  if (!event.ok) throw data(event.message, { status: event.status });
  const role = event.data.myRole;
  // A judge or a volunteer sees only their part (SPEC-3 §1); anyone else off the team gets 403.
  if (role === "judge" || role === "volunteer") return data({ member: role, event: event.data });
  // One section at a time (issue 45): the menu links each; only its data is fetched.
  const section = sectionOf(new URL(request.url));
  const now = Date.now();
  const { startDate, endDate, registrationMode } = event.data;
  return data({
    event: event.data,
    clashCollege: await clashCollege(request, context, event.data),
    section,
    now,
    // 'Close registration now' (issue 45): while Utsav's registration window is open.
    registrationOpen:
      registrationMode !== "website" &&
      !!startDate &&
      Date.parse(startDate) <= now &&
      (!endDate || Date.parse(endDate) > now),
    // The forms of every section, so a move between sections needs nothing more (a few hundred bytes).
    formConstraints: formConstraints({
      announcement: {},
      announcementEdit: {},
      teamInvite: {},
      issueCertificates: {},
      judgingSetupFields: {},
      coupon: {},
    }),
    ...(await loadSection(request, context, event.data, section)),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = params.eventNumber ?? "";
  const form = await request.clone().formData();
  if (isTeamIntent(form)) return teamAction(request, context, n, form);
  if (isJudgingIntent(form)) return judgingAction(request, context, n, form);
  if (isUpdatesIntent(form)) return updatesAction(request, context, n, form);
  if (isCouponIntent(form)) return couponAction(request, context, n, form);
  if (isCertificateIntent(form))
    return certificateAction(request, context, n, form, backTo(request, n));
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

function ManageEvent(
  loaded: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { member: unknown }>,
) {
  const { event, section, insights, list, updates, board, certificates, team, activity } = loaded;
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const n = event.eventNumber;
  const me = useOptionalUser()?._id ?? null;
  // This section's panel comes after the page; the other sections' once the browser is idle.
  usePreloadParts(MANAGER_PANELS);
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
          {loaded.registrationOpen ? (
            <IntentButton
              intent="close-registration"
              label="Close registration now"
              tone="danger"
              busy={busy}
            />
          ) : null}
          <IntentButton intent="duplicate" label="Duplicate" busy={busy} />
          {event.fee > 0 ? (
            <Link
              to={`/my/event/${n}/payments`}
              className={button({ tone: "secondary", size: "sm" })}
              data-testid="payments-link"
            >
              Payments
            </Link>
          ) : null}
          {event.myRole === "owner" ? (
            <Link to={`/my/event/${n}/delete`} className={button({ tone: "danger", size: "sm" })}>
              Delete
            </Link>
          ) : null}
        </div>
        <ClashWarning college={loaded.clashCollege} clashes={event.clashes} />
        <SectionNav
          eventNumber={n}
          current={section}
          hasQuiz={event.rounds.some((r) => r.kind === "quiz")}
          paid={event.fee > 0}
        />
      </header>
      {insights ? <InsightsPanel insights={insights} /> : null}
      {list ? <RegistrationsPanel eventNumber={n} list={list} q={loaded.q} /> : null}
      {loaded.coupons ? (
        <CouponsPanel
          coupons={loaded.coupons}
          fee={event.fee}
          now={loaded.now}
          lastResult={actionData && "coupon" in actionData ? actionData.coupon : null}
          busy={busy}
        />
      ) : null}
      {loaded.submissions ? <SubmissionsPanel eventNumber={n} rounds={loaded.submissions} /> : null}
      {updates ? (
        <UpdatesPanel
          // A new update remounts the form empty: with JavaScript the page is not reloaded, and a
          // form still holding what was sent is one click from mailing everyone again (issue 31).
          key={updates[0]?._id ?? "none"}
          updates={updates}
          audiences={loaded.audiences ?? { all: 0, running: 0, "checked-in": 0 }}
          editing={loaded.editing}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          editResult={actionData && "edit" in actionData ? actionData.edit : undefined}
          busy={busy}
        />
      ) : null}
      {section === "quiz" ? <QuizRoundsPanel event={event} /> : null}
      {board ? <ResultsPanel board={board} busy={busy} /> : null}
      {section === "judging" && loaded.judging && team ? (
        <JudgingPanel
          eventNumber={n}
          rounds={loaded.judging}
          members={team.members}
          me={me}
          setup={actionData && "judgingSetup" in actionData ? actionData.judgingSetup : null}
          busy={busy}
        />
      ) : null}
      {board ? <WinnersPanel prizes={event.prizes} winners={board.winners} busy={busy} /> : null}
      {certificates ? (
        <CertificatesPanel
          certificates={certificates}
          closed={loaded.closed}
          lastResult={actionData && "certificates" in actionData ? actionData.certificates : null}
          busy={busy}
        />
      ) : null}
      {team && section === "team" ? (
        <TeamPanel
          members={team.members}
          invites={team.invites}
          lastResult={actionData && "invite" in actionData ? actionData.invite : null}
          busy={busy}
        />
      ) : null}
      {activity ? (
        <ActivityPanel items={activity.items} next={activity.next} paged={activity.paged} />
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.event.eventName ?? "Manage event"} - Manage - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

export { OrganiserError as ErrorBoundary } from "#app/components/organiser/OrganiserError";
