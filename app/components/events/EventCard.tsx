import { Link } from "@remix-run/react";
import { useKeptContent } from "#app/utils/kept-html";
import { smallLogoUrl } from "#server/contracts/images";
import type { EventCardData, MyEventCardData } from "#server/contracts/event-shape";
import { plural } from "#server/contracts/words";
import { timeLeft } from "#app/utils/dates";
import { formatRupees, initials, typeWord } from "./format";
import { SaveButton } from "./SaveButton";
import * as s from "./EventCard.css";

/**
 * One event in a list: logo, name, organisation, first prize in rupees, the first word of the
 * type, and the time left (or Expired). The whole card is one link; with `saved` given, the
 * Save toggle sits in its corner, beside the link (a form cannot live inside a link).
 */
function EventCard({
  event,
  href,
  now,
  selected = false,
  headingLevel = 3,
  preventScrollReset,
  saved,
  role,
}: {
  /** A card of the organiser's own list also says whether it is published and who registered. */
  event: EventCardData | MyEventCardData;
  href: string;
  now: Date;
  selected?: boolean;
  headingLevel?: 2 | 3;
  preventScrollReset?: boolean;
  /** Whether the viewer saved it; left out, the card has no Save toggle. */
  saved?: boolean;
  /** My Events: the viewer's role on the event's team (SPEC-3 §1). */
  role?: string;
}) {
  const left = timeLeft(event.endDate, now);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const registrations = "registrationCount" in event ? event.registrationCount : null;
  const card = (
    <Link
      to={href}
      className={s.card}
      aria-current={selected ? "true" : undefined}
      preventScrollReset={preventScrollReset}
      prefetch="none"
      data-testid="event-card"
      data-event-number={event.eventNumber}
      data-mode={event.modeOfEvent ?? ""}
    >
      {event.eventLogo ? (
        <img
          src={smallLogoUrl(event.eventLogo)}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          decoding="async"
          className={s.logo}
        />
      ) : (
        <span className={s.logoPlaceholder} aria-hidden="true">
          {initials(event.eventName)}
        </span>
      )}
      <div className={s.body}>
        <Heading className={s.name}>{event.eventName || "Untitled event"}</Heading>
        <p className={s.org}>{event.organisationName}</p>
        <p className={s.meta}>
          {role ? (
            <span className={s.tag} data-testid="card-role">
              {role}
            </span>
          ) : null}
          {event.status === "draft" ? (
            <span className={s.draft} data-testid="card-status">
              Draft
            </span>
          ) : registrations !== null ? (
            <span className={s.published} data-testid="card-status">
              Published
            </span>
          ) : null}
          {registrations !== null ? (
            <span className={s.tag} data-testid="card-registrations">
              {plural(registrations, "registration")}
            </span>
          ) : null}
          {event.eventType ? (
            <span className={s.tag} data-testid="card-type">
              {typeWord(event.eventType)}
            </span>
          ) : null}
          {event.modeOfEvent ? <span className={s.tag}>{event.modeOfEvent}</span> : null}
          {event.firstPrize ? (
            <span className={s.prize} title="First prize">
              {formatRupees(event.firstPrize)}
            </span>
          ) : null}
          {event.endDate ? (
            left ? (
              <span className={s.timeLeft}>{left}</span>
            ) : (
              <span className={s.expired}>Expired</span>
            )
          ) : null}
        </p>
      </div>
    </Link>
  );
  if (saved === undefined || event.status !== "active") return card;
  return (
    <div className={s.withSave}>
      {card}
      <div className={s.saveCorner}>
        <SaveButton
          eventNumber={event.eventNumber}
          eventName={event.eventName}
          saved={saved}
          compact
        />
      </div>
    </div>
  );
}

/**
 * An EventCard as a list's <li>. On the server its HTML is kept for its props (kept-html.tsx): the
 * key holds every prop, the time-left text in place of the clock.
 */
export function EventCardItem({
  className,
  ...props
}: Parameters<typeof EventCard>[0] & { className?: string }) {
  // Built on the server only: the browser renders the card in place and has no use for it.
  const keyOf = () => JSON.stringify({ ...props, now: timeLeft(props.event.endDate, props.now) });
  return <li className={className} {...useKeptContent(keyOf, <EventCard {...props} />)} />;
}
