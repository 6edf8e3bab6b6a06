import { Link } from "@remix-run/react";
import { keyJson, useKeptContent } from "#app/utils/kept-html";
import { smallLogoUrl } from "#server/contracts/images";
import type { EventCardData, MyEventCardData } from "#server/contracts/event-shape";
import { plural } from "#server/contracts/words";
import { timeLeft } from "#app/utils/dates";
import { formatRupees, initials, typeWord } from "./format";
import { SaveButton } from "./SaveButton";
import { visuallyHidden } from "#app/styles/global.css";
import * as s from "./EventCard.css";

/**
 * One event in a list: logo, name, organisation, first prize in rupees, the first word of the
 * type, and the time left (or Expired). The event's name is its link, stretched over the whole
 * card (EventCard.css.ts); the organisation's name links its page (SPEC-4 §4) and sits above that
 * stretch, so no link is inside another and both work without JavaScript. With `saved` given,
 * the Save toggle sits in its corner, beside the card (a form cannot live inside a link).
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
    <div
      className={selected ? `${s.card} ${s.selected}` : s.card}
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
        <Heading className={s.name}>
          <Link
            to={href}
            className={s.eventLink}
            aria-current={selected ? "true" : undefined}
            preventScrollReset={preventScrollReset}
            prefetch="none"
            data-testid="card-link"
          >
            {event.eventName || "Untitled event"}
          </Link>
        </Heading>
        {event.org ? (
          <p className={s.org}>
            <Link
              to={`/org/${event.org.handle}`}
              className={s.orgLink}
              prefetch="none"
              data-testid="card-org"
            >
              <span className={s.orgName}>{event.org.name}</span>
              {event.org.verified ? (
                <span className={s.verified} title="Verified">
                  {" "}
                  <span aria-hidden="true">✓</span>
                  <span className={visuallyHidden}>Verified</span>
                </span>
              ) : null}
            </Link>
          </p>
        ) : (
          <p className={s.org}>{event.organisationName}</p>
        )}
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
    </div>
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

/** What one card shows: an EventCard's props. */
export type EventCardProps = Parameters<typeof EventCard>[0];

/**
 * A list of event cards, each an <li>. On the server the list's HTML is kept (kept-html.tsx) as
 * one piece: one key and one lookup for the page's 20 cards, where a key and a lookup a card cost
 * a third of what the page added to an empty one (issue 30). The key holds every card's props,
 * the time-left text in place of the clock.
 */
export function EventCardItems({
  cards,
  className,
  itemClassName,
  testId,
}: {
  cards: EventCardProps[];
  className: string;
  itemClassName?: string;
  testId?: string;
}) {
  // Built on the server only: the browser renders the cards in place and has no use for it.
  const keyOf = () => {
    let key = "";
    for (const { event, now, ...rest } of cards)
      key += `${keyJson(event)}\t${JSON.stringify(rest)}\t${timeLeft(event.endDate, now)}\n`;
    return key;
  };
  return (
    <ul
      className={className}
      data-testid={testId}
      {...useKeptContent(
        keyOf,
        cards.map((card) => (
          <li key={card.event.eventNumber} className={itemClassName}>
            <EventCard {...card} />
          </li>
        )),
      )}
    />
  );
}
