import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import { bannerSrcSet, smallLogoUrl } from "#server/contracts/images";
import { button } from "#app/styles/recipes.css";
import { formatDateTimeIST, isExpired, timeLeft } from "#app/utils/dates";
import * as s from "./EventView.css";
import { editPath, eventPath, nextRoundLine, place } from "./format";
import { ShareButton } from "./ShareButton";
import type { Variant } from "./EventSections";

/** The top of an event: banner, logo, name, organiser, place, badges and the creator's Edit. */
export function EventHeader({
  event,
  name,
  isCreator,
  now,
  variant,
  sid,
}: {
  event: EventData;
  name: string;
  isCreator: boolean;
  now: Date;
  variant: Variant;
  sid: (id: string) => string;
}) {
  const Title = variant === "page" ? "h1" : "h2";
  const expired = isExpired(event.endDate, now);
  const location = place(event);
  // Registration is over but the event is not: say what comes next beside SPEC's Expired badge.
  const nextRound = expired ? nextRoundLine(event.rounds, now) : null;
  return (
    <header className={s.header}>
      {event.eventBanner ? (
        <img
          src={event.eventBanner}
          srcSet={bannerSrcSet(event.eventBanner)}
          sizes="(max-width: 1192px) 100vw, 1160px"
          alt={`${name} banner`}
          width={1600}
          height={600}
          className={s.banner}
        />
      ) : (
        <div className={s.bannerPlaceholder} aria-hidden="true">
          {name}
        </div>
      )}
      <div className={s.headBody}>
        {event.eventLogo ? (
          <img
            src={smallLogoUrl(event.eventLogo)}
            alt={`${name} logo`}
            width={72}
            height={72}
            className={s.logo}
          />
        ) : (
          <span className={s.logoSpacer} />
        )}
        <div className={s.titleBlock}>
          <Title id={sid("event-title")} className={s.title}>
            {name}
          </Title>
          {event.org ? (
            <p className={s.muted}>
              <Link to={`/org/${event.org.handle}`} data-testid="event-org">
                {event.org.name}
              </Link>
              {event.org.verified ? " · Verified" : ""}
            </p>
          ) : event.organisationName ? (
            <p className={s.muted}>{event.organisationName}</p>
          ) : null}
          {event.festivalName ? <p className={s.muted}>{event.festivalName}</p> : null}
          {location ? (
            <p className={s.muted} data-testid="event-place">
              {location}
            </p>
          ) : null}
          <div className={s.badges}>
            {event.status === "draft" ? <span className={s.expiredBadge}>Draft</span> : null}
            {expired ? (
              <span className={s.expiredBadge} data-testid="expired-badge">
                Expired
              </span>
            ) : null}
            {nextRound ? (
              <span className={s.nextBadge} data-testid="next-round">
                Next: {nextRound}
              </span>
            ) : null}
            {isCreator ? (
              <Link
                to={editPath(event)}
                className={button({ tone: "secondary", size: "sm" })}
                data-testid="edit-event"
              >
                Edit event
              </Link>
            ) : null}
            {isCreator && variant === "page" ? (
              <Link
                to={`/my/event/${event.eventNumber}`}
                className={button({ tone: "secondary", size: "sm" })}
              >
                Manage
              </Link>
            ) : null}
            {variant === "preview" ? (
              <Link to={eventPath(event.eventNumber)} className={button({ size: "sm" })}>
                Open event page
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </header>
  );
}

/** The facts under the header: deadline and time left, team size, mode/type/state, Share. */
export function EventFacts({
  event,
  name,
  now,
  actions,
}: {
  event: EventData;
  name: string;
  now: Date;
  /** The page's own buttons beside Share (Save, calendars). */
  actions?: ReactNode;
}) {
  const left = timeLeft(event.endDate, now);
  return (
    <div className={s.facts}>
      <div className={s.fact} data-testid="deadline">
        <span className={s.factLabel}>Registration Deadline</span>
        <span className={s.factValue}>
          {event.endDate ? formatDateTimeIST(event.endDate) : "To be announced"}
        </span>
        {event.endDate ? (
          left ? (
            <span className={s.timeLeft}>{left}</span>
          ) : (
            <span className={s.expiredText}>Expired</span>
          )
        ) : null}
      </div>
      <div className={s.fact} data-testid="team-size">
        <span className={s.factLabel}>Team size</span>
        <span className={s.factValue}>
          {event.participationType === "team"
            ? `${event.minTeam ?? 1} – ${event.maxTeam ?? event.minTeam ?? 1} members`
            : "Individual"}
        </span>
      </div>
      <div className={s.fact}>
        <span className={s.factLabel}>Details</span>
        <ul className={s.chips} aria-label="Event details">
          {event.modeOfEvent ? <li className={s.chip}>{event.modeOfEvent}</li> : null}
          {event.eventType ? <li className={s.chip}>{event.eventType}</li> : null}
          {event.stateName ? <li className={s.chip}>{event.stateName}</li> : null}
        </ul>
      </div>
      <div className={s.shareRow}>
        {actions}
        <ShareButton path={eventPath(event.eventNumber)} title={name} />
      </div>
    </div>
  );
}
