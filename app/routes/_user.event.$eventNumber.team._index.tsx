import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { JoinRequestData } from "#server/contracts/registration";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { EventLine } from "#app/components/registration/EventLine";
import { confirmLeaving } from "#app/components/registration/leave.server";
import { loadRegistrationPage, onUnauthorized } from "#app/components/registration/loaders.server";
import * as s from "#app/components/registration/Registration.css";
import { canJoin, TeamCard } from "#app/components/registration/TeamCard";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { formatDateTimeIST } from "#app/utils/dates";
import { PRODUCT_NAME } from "#app/utils/product";
import { redirectWithToast } from "#app/utils/toast.server";
import { IntentButton } from "#app/components/IntentButton";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, event, state } = await loadRegistrationPage(request, context, params.eventNumber);
  const team = state.mine?.team ?? null;
  const leads = team?.leaderId === user._id;
  const requests = leads
    ? await callApi<JoinRequestData[]>(
        request,
        context,
        `/event/${event.eventNumber}/team/requests`,
      )
    : null;
  return data({
    user,
    event,
    state,
    team,
    leads,
    requests: requests?.ok ? requests.data : [],
    appUrl: context.config.appUrl,
  });
}

/** The team page's forms: leave, and for the leader remove, new code, accept, decline. */
const INTENTS: Record<string, (f: FormData) => { path: string; body?: unknown; done: string }> = {
  leave: () => ({ path: "team/leave", done: "You left the team" }),
  remove: (f) => ({
    path: "team/remove",
    body: { userId: f.get("userId") },
    done: "Removed from the team",
  }),
  code: () => ({
    path: "team/code",
    done: "Your team has a new code: the old one no longer works",
  }),
  accept: (f) => ({
    path: `team/requests/${encodeURIComponent(String(f.get("requestId")))}/accept`,
    done: "Request accepted",
  }),
  decline: (f) => ({
    path: `team/requests/${encodeURIComponent(String(f.get("requestId")))}/decline`,
    done: "Request declined",
  }),
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const form = await request.formData();
  const intent = INTENTS[String(form.get("intent"))];
  if (!intent) throw data("Bad Request", { status: 400 });
  if (form.get("intent") === "leave") {
    const ask = await confirmLeaving(
      request,
      context,
      params.eventNumber ?? "",
      form,
      `/event/${n}/team`,
    );
    if (ask) return ask;
  }
  const { path, body, done } = intent(form);
  const res = await callApi<{ message?: string }>(request, context, `/event/${n}/${path}`, {
    method: "POST",
    body: body ? { json: body } : undefined,
  });
  onUnauthorized(request, res.status);
  const back = form.get("intent") === "leave" && res.ok ? `/event/${n}` : `/event/${n}/team`;
  return redirectWithToast(back, {
    type: res.ok ? "success" : "error",
    message: res.ok ? (res.data?.message ?? done) : res.message,
  });
}

export default function TeamPage() {
  const { event, state, team, leads, requests, appUrl } = useLoaderData<typeof loader>();
  const asked = useActionData<typeof action>();
  const n = event.eventNumber;
  if (asked && "confirm" in asked) return <ConfirmStep confirm={asked.confirm} />;
  const open = state.reason === null || state.reason === "full";
  if (!team)
    return (
      <section className={s.page}>
        <EventLine event={event} />
        <h1 className={s.pageTitle}>Your team</h1>
        <div className={s.card} data-testid="no-team">
          <p className={s.status()}>You are not in a team for this event.</p>
          {open && event.participationType === "team" ? (
            <div className={s.actions}>
              <Link to={`/event/${n}/register`} className={button()}>
                Create a team
              </Link>
              <Link to={`/event/${n}/team/join`} className={button({ tone: "secondary" })}>
                Join a team
              </Link>
            </div>
          ) : null}
        </div>
      </section>
    );
  return (
    <section className={s.page}>
      <EventLine event={event} />
      <h1 className={s.pageTitle}>Your team</h1>
      <div className={s.card}>
        <TeamCard
          team={team}
          eventNumber={n}
          appUrl={appUrl}
          joinable={canJoin(team, state)}
          memberAction={(m) =>
            leads && !m.isLeader && open ? (
              <IntentButton
                intent="remove"
                label="Remove"
                tone="ghost"
                fields={{ userId: m._id }}
                testId={`remove-${m.firstName}`}
              />
            ) : null
          }
        />
        <div className={s.actions}>
          {leads ? <IntentButton intent="code" label="New code" testId="new-code" /> : null}
          {open ? (
            <IntentButton intent="leave" label="Leave team" tone="ghost" testId="leave" />
          ) : null}
          {canJoin(team, state) ? (
            <Link to={`/event/${n}/teammates`} className={s.backLink}>
              Find teammates
            </Link>
          ) : null}
        </div>
        {leads && team.members.length > 1 ? (
          <p className={s.muted}>
            If you leave, {team.members.find((m) => !m.isLeader)?.firstName} leads the team.
          </p>
        ) : null}
      </div>
      {leads ? (
        <div className={s.card} data-testid="join-requests">
          <h2 className={s.heading}>Join requests</h2>
          {requests.length === 0 ? (
            <p className={s.muted}>No requests waiting.</p>
          ) : (
            <ul className={s.list}>
              {requests.map((r) => (
                <li key={r._id} className={s.team} data-testid="join-request">
                  <strong>
                    {[r.firstName, r.lastName].filter(Boolean).join(" ")}
                    <span className={s.muted}>
                      {" "}
                      · {r.collegeName} · {r.course}
                    </span>
                  </strong>
                  {r.message ? <p className={s.pitch}>{r.message}</p> : null}
                  <p className={s.muted}>Asked {formatDateTimeIST(r.createdAt)}</p>
                  <div className={s.actions}>
                    <IntentButton
                      intent="accept"
                      label="Accept"
                      tone="primary"
                      fields={{ requestId: r._id }}
                      testId="accept"
                    />
                    <IntentButton
                      intent="decline"
                      label="Decline"
                      tone="ghost"
                      fields={{ requestId: r._id }}
                      testId="decline"
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: `Your team${loaded?.event.eventName ? ` - ${loaded.event.eventName}` : ""} - ${PRODUCT_NAME}`,
  },
  { name: "robots", content: "noindex" },
];
