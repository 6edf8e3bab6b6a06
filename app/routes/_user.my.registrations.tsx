import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import type { RegistrationData } from "#server/contracts/registration";
import type { RoundFeedback } from "#server/contracts/judging";
import type { OpenSubmissionRound } from "#server/contracts/submissions";
import { SharedFeedback } from "#app/components/judging/SharedFeedback";
import { paidByViewer, ReceiptLink } from "#app/components/payments/ReceiptLink";
import { OpenRoundStates } from "#app/components/submissions/OpenRoundStates";
import { smallLogoUrl } from "#server/contracts/images";
import * as s from "#app/components/registration/Registration.css";
import { TeamProgress } from "#app/components/registration/TeamCard";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { timeUntil } from "#app/utils/dates";
import { nextRoundLine } from "#app/components/events/format";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { useOptionalUser } from "#app/utils/use-user";

type Item = {
  event: EventData;
  registration: RegistrationData;
  /** SPEC-3 §2: the event's submission rounds open now, and whether this registration submitted. */
  submissionRounds: OpenSubmissionRound[];
  /** SPEC-3 §3: per round whose judging closed sharing feedback, the mean and the comments. */
  sharedFeedback: RoundFeedback[];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const res = await callApi<Item[]>(request, context, "/my/registrations");
  if (res.status === 401) loginRedirect(request);
  return data({
    items: res.ok ? res.data : [],
    error: res.ok ? null : res.message,
    now: new Date().toISOString(),
  });
}

export default function MyRegistrations() {
  const { items, error, now } = useLoaderData<typeof loader>();
  const me = useOptionalUser();
  const nowDate = new Date(now);
  return (
    <section className={s.page}>
      <h1 className={s.pageTitle}>My Registrations</h1>
      {error ? (
        <p role="alert" className={s.formError}>
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className={s.card} data-testid="no-registrations">
          <h2 className={s.heading}>No registrations yet</h2>
          <Link to="/event/search" className={button()}>
            Find events
          </Link>
        </div>
      ) : (
        <ul className={s.list}>
          {items.map(({ event, registration, submissionRounds, sharedFeedback }) => {
            // They are registered: what the clock means to them is when changes stop.
            const until = timeUntil(event.endDate, nowDate);
            const team = registration.team;
            const next = until ? null : nextRoundLine(event.rounds, nowDate);
            return (
              <li key={event.eventNumber} className={s.card} data-testid="registration-card">
                <div className={s.teamHead}>
                  <span className={s.codeRow}>
                    {event.eventLogo ? (
                      <img src={smallLogoUrl(event.eventLogo)} alt="" width={40} height={40} />
                    ) : null}
                    <h2 className={s.teamName}>
                      <Link to={`/event/${event.eventNumber}`}>{event.eventName}</Link>
                    </h2>
                  </span>
                  <span className={s.pill({ tone: until ? "brand" : "warn" })} data-testid="closes">
                    {until
                      ? team && !team.complete
                        ? `${until} left to complete your team`
                        : `Registration closes in ${until}`
                      : "Registration closed"}
                  </span>
                </div>
                <p className={s.muted}>{event.organisationName}</p>
                {next ? (
                  <p className={s.muted} data-testid="next-round">
                    Next: {next}
                  </p>
                ) : null}
                <OpenRoundStates eventNumber={event.eventNumber} rounds={submissionRounds} />
                {sharedFeedback?.map((f) => (
                  <SharedFeedback
                    key={f.index}
                    feedback={f}
                    title={`Feedback on round ${f.index + 1}: ${f.title}`}
                  />
                ))}
                {team ? (
                  <div className={s.actions}>
                    <span>
                      Team <strong>{team.name}</strong> · {team.size} of {team.maxTeam}
                    </span>
                    <TeamProgress team={team} />
                    <Link to={`/event/${event.eventNumber}/team`} className={s.backLink}>
                      Team page
                    </Link>
                  </div>
                ) : (
                  <p className={s.muted}>Registered individually</p>
                )}
                {registration.payment?.status === "pending" ||
                registration.payment?.status === "claimed" ? (
                  <Link
                    to={`/event/${event.eventNumber}/pay`}
                    className={button()}
                    data-testid="pay-link"
                  >
                    Complete your payment
                  </Link>
                ) : (
                  <Link
                    to={`/event/${event.eventNumber}/ticket`}
                    className={button({ tone: "secondary" })}
                    data-testid="ticket-link"
                  >
                    Your ticket
                  </Link>
                )}
                {paidByViewer(event, registration, me?._id) ? (
                  <ReceiptLink eventNumber={event.eventNumber} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [
  { title: `My Registrations - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
