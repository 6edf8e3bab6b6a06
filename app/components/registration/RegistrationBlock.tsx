import { Form, Link } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import type { RegistrationData, RegistrationState } from "#server/contracts/registration";
import { plural } from "#server/contracts/words";
import { externalUrl } from "#app/components/events/format";
import { button } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as s from "./Registration.css";
import { canJoin, TeamCard } from "./TeamCard";

type Action = { label: string; to: string; external?: boolean; testId: string };

/** Where a registration button goes: signed out, to /login first, and back here after. */
function target(path: string, signedIn: boolean): string {
  return signedIn ? path : `/login?redirectTo=${encodeURIComponent(path)}`;
}

/** The block's state (for tests and styles) and its buttons, the first being the main one. */
function plan(event: EventData, state: RegistrationState, signedIn: boolean) {
  const n = event.eventNumber;
  const team = event.participationType === "team";
  const create: Action = {
    label: team ? "Create a team" : "Register",
    to: target(`/event/${n}/register`, signedIn),
    testId: team ? "create-team" : "register",
  };
  const join: Action = {
    label: "Join a team",
    to: target(`/event/${n}/team/join`, signedIn),
    testId: "join-team",
  };
  if (event.registrationMode === "website") {
    const url = externalUrl(event.eventWebsite);
    const actions: Action[] = url
      ? [{ label: "Register on website", to: url, external: true, testId: "register-website" }]
      : [];
    return { key: "website", actions };
  }
  if (state.mine) return { key: "registered", actions: [] as Action[] };
  // SPEC-3 §1: the event's own team cannot register. Said here, not after the form (issue 45).
  if (event.myRole) {
    const label = ["owner", "admin"].includes(event.myRole)
      ? "Manage this event"
      : "Open your part";
    return { key: "organiser", actions: [{ label, to: `/my/event/${n}`, testId: "manage-event" }] };
  }
  switch (state.reason) {
    case null:
      return { key: "open", actions: team ? [create, join] : [create] };
    case "full":
      return { key: "full", actions: team ? [join] : [] };
    default:
      return { key: state.reason, actions: [] as Action[] };
  }
}

function ActionLink({ action, primary }: { action: Action; primary: boolean }) {
  const className = button({ tone: primary ? "primary" : "secondary" });
  return action.external ? (
    <a
      href={action.to}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      data-testid={action.testId}
    >
      {action.label}
    </a>
  ) : (
    <Link to={action.to} className={className} data-testid={action.testId}>
      {action.label}
    </Link>
  );
}

function Registered({
  event,
  mine,
  appUrl,
  state,
}: {
  event: EventData;
  mine: RegistrationData;
  appUrl: string;
  state: RegistrationState;
}) {
  const n = event.eventNumber;
  // SPEC-4 §2: a place held for its payment is not registered yet.
  const held = mine.payment?.status === "pending" || mine.payment?.status === "claimed";
  return (
    <>
      {held ? (
        <p className={s.status({ tone: "warn" })} data-testid="payment-pending">
          {mine.payment?.status === "claimed"
            ? "Payment pending: the organiser will confirm it"
            : "Your place is held until you pay"}
        </p>
      ) : (
        <p className={s.status({ tone: "good" })} data-testid="registered">
          You're registered
        </p>
      )}
      {mine.team ? (
        <TeamCard
          team={mine.team}
          eventNumber={n}
          appUrl={appUrl}
          joinable={canJoin(mine.team, state)}
        />
      ) : (
        <p className={s.muted}>Registered on {formatDateTimeIST(mine.registeredAt)}</p>
      )}
      <div className={s.actions}>
        {held ? (
          <Link to={`/event/${n}/pay`} className={button()} data-testid="pay-link">
            Complete your payment
          </Link>
        ) : (
          <Link to={`/event/${n}/ticket`} className={button()} data-testid="ticket-link">
            Your ticket
          </Link>
        )}
        {mine.payment?.status === "paid" && mine.payment.amount > 0 ? (
          <Link
            to={`/event/${n}/pay#cancel`}
            className={button({ tone: "ghost" })}
            data-testid="cancel-paid-link"
          >
            Cancel and ask for a refund
          </Link>
        ) : null}
        {mine.team ? (
          <Link
            to={`/event/${n}/team`}
            className={button({ tone: "secondary" })}
            data-testid="manage-team"
          >
            Manage team
          </Link>
        ) : null}
        <Form method="post" action={`/event/${n}`} className={s.inlineForm}>
          <input type="hidden" name="intent" value={mine.team ? "leave" : "unregister"} />
          <button type="submit" className={button({ tone: "ghost" })} data-testid="leave">
            {mine.team ? "Leave team" : "Cancel registration"}
          </button>
        </Form>
      </div>
    </>
  );
}

/**
 * The registration block of the event page (SPEC-2 §1), below the deadline: what a visitor can do
 * now, or why not. On phones its main button also sits in a bar at the bottom of the screen.
 */
export function RegistrationBlock({
  event,
  state,
  signedIn,
  appUrl,
}: {
  event: EventData;
  state: RegistrationState;
  signedIn: boolean;
  appUrl: string;
}) {
  const { key, actions } = plan(event, state, signedIn);
  const team = event.participationType === "team";
  const n = event.eventNumber;
  const places =
    state.capacity !== null
      ? `${state.registrationCount} of ${plural(state.capacity, team ? "team" : "place")} taken`
      : team
        ? plural(state.registrationCount, "team")
        : `${state.registrationCount} registered`;
  const message: Record<string, { text: string; tone: "good" | "bad" | "neutral" }> = {
    website: { text: "Registration happens on the organiser's website", tone: "neutral" },
    draft: { text: "Registration opens once the event is published", tone: "neutral" },
    "not-open-yet": {
      text: `Registration opens on ${formatDateTimeIST(event.startDate)}`,
      tone: "neutral",
    },
    closed: { text: "Registration closed", tone: "bad" },
    full: { text: "Registration is full", tone: "bad" },
    open: { text: "Registration is open", tone: "good" },
    organiser: { text: "You organise this event", tone: "neutral" },
  };
  return (
    <section
      id="register"
      className={s.block}
      aria-labelledby="register-title"
      data-testid="registration-block"
      data-state={key}
    >
      <div className={s.blockHead}>
        <h2 id="register-title" className={s.heading}>
          Registration
        </h2>
        {event.registrationMode === "utsav" ? <span className={s.muted}>{places}</span> : null}
      </div>
      {state.mine ? (
        <Registered event={event} mine={state.mine} appUrl={appUrl} state={state} />
      ) : (
        <p className={s.status({ tone: message[key].tone })} data-testid="registration-status">
          {message[key].text}
        </p>
      )}
      {key === "organiser" ? (
        <p className={s.muted}>
          The organising team (judges and volunteers too) cannot register for its own event.
        </p>
      ) : null}
      {key === "full" && team ? (
        <p className={s.muted}>Teams with room can still take members: join one with its code.</p>
      ) : null}
      {actions.length ? (
        <div className={s.actions}>
          {actions.map((a, i) => (
            <ActionLink key={a.testId} action={a} primary={i === 0} />
          ))}
        </div>
      ) : null}
      {team &&
      event.registrationMode === "utsav" &&
      !["closed", "draft", "registered", "organiser"].includes(key) ? (
        <Link
          to={target(`/event/${n}/teammates`, signedIn)}
          className={s.backLink}
          data-testid="find-teammates"
        >
          Find teammates
        </Link>
      ) : null}
      {team &&
      key === "registered" &&
      state.mine?.team &&
      state.mine.team.size < state.mine.team.maxTeam ? (
        <Link to={`/event/${n}/teammates`} className={s.backLink} data-testid="find-teammates">
          Find teammates
        </Link>
      ) : null}
    </section>
  );
}

/**
 * Phones: the block's main button in a bar that stays at the bottom of the screen (sticky at
 * the end of the page, so it never covers the footer). Hidden on wider screens.
 */
export function RegistrationBar({
  event,
  state,
  signedIn,
}: {
  event: EventData;
  state: RegistrationState;
  signedIn: boolean;
}) {
  const { key, actions } = plan(event, state, signedIn);
  const primary = actions[0];
  // The organising team has 'Manage' at the top already: no bar to register (issue 45).
  if (!primary || key === "organiser") return null;
  return (
    <div className={s.mobileBar} data-testid="mobile-cta" data-bottom-bar>
      <ActionLink action={primary} primary />
    </div>
  );
}
