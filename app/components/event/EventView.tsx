import type { ReactNode } from "react";
import { bannerSrcSet, smallLogoUrl } from "#server/contracts/images";
import { Link } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import { formatDateTimeIST, isExpired, timeLeft } from "#app/utils/dates";
import { PRODUCT_NAME } from "#app/utils/product";
import { button } from "#app/styles/recipes.css";
import { prose } from "#app/components/prose/Prose.css";
import { editPath, eventPath, externalUrl, formatRupees, initials, phone, place } from "./format";
import { ShareButton } from "./ShareButton";
import * as s from "./EventView.css";

type Variant = "page" | "preview";

/** The sections of an event page, in order; each is shown (and linked) only when it has data. */
function sectionsOf(event: EventData) {
  return [
    {
      id: "registration",
      label: "Registration Deadline",
      show: !!(event.startDate || event.endDate),
    },
    { id: "important-dates", label: "Important Dates", show: event.importantDates.length > 0 },
    { id: "rounds", label: "Rounds", show: event.rounds.length > 0 },
    { id: "about", label: "About Event", show: !!event.aboutEvent?.trim() },
    { id: "website", label: "Website", show: !!externalUrl(event.eventWebsite) },
    { id: "prizes", label: "Prizes", show: event.prizes.length > 0 },
    { id: "brochure", label: "Brochure", show: !!event.eventBrochure },
    { id: "contact", label: "Contact", show: event.contactDetails.length > 0 },
  ].filter((x) => x.show);
}

/**
 * Renders a whole event: the public event page, the search preview and the step-3 live preview.
 * Works from partial data (a draft being built) and needs no JavaScript; only Share enhances.
 * `now` fixes "time left" so the server's and the browser's render agree.
 */
export function EventView({
  event,
  isCreator = false,
  now = new Date(),
  variant = "page",
  registration,
}: {
  event: EventData;
  isCreator?: boolean;
  now?: Date;
  variant?: Variant;
  /** The event page's registration block (SPEC-2 §1), shown below the deadline. */
  registration?: ReactNode;
}) {
  const Title = variant === "page" ? "h1" : "h2";
  const expired = isExpired(event.endDate, now);
  const left = timeLeft(event.endDate, now);
  const sections = sectionsOf(event);
  const name = event.eventName || "Untitled event";
  const location = place(event);
  const website = externalUrl(event.eventWebsite);
  const sortedPrizes = [...event.prizes].sort((a, b) => a.rank - b.rank);
  // Ids are prefixed in the preview so they never clash with the page around it.
  const sid = (id: string) => (variant === "page" ? id : `preview-${id}`);

  return (
    <article className={s.view} data-testid="event-view" aria-labelledby={sid("event-title")}>
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
            {event.organisationName ? <p className={s.muted}>{event.organisationName}</p> : null}
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
              {isCreator ? (
                <Link
                  to={editPath(event)}
                  className={button({ tone: "secondary", size: "sm" })}
                  data-testid="edit-event"
                >
                  Edit event
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
          <ShareButton path={eventPath(event.eventNumber)} title={name} />
        </div>
      </div>

      {registration}

      {sections.length > 0 ? (
        <nav aria-label="Event sections">
          <ul className={s.anchors}>
            {sections.map((x) => (
              <li key={x.id}>
                <a href={`#${sid(x.id)}`} className={s.anchor}>
                  {x.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {sections.some((x) => x.id === "registration") ? (
        <Section id={sid("registration")} title="Registration Deadline" variant={variant}>
          <ul className={s.rows}>
            {event.startDate ? (
              <li className={s.row}>
                <span className={s.factLabel}>Registration opens</span>
                <span>{formatDateTimeIST(event.startDate)}</span>
              </li>
            ) : null}
            {event.endDate ? (
              <li className={s.row}>
                <span className={s.factLabel}>Registration closes</span>
                <span>{formatDateTimeIST(event.endDate)}</span>
              </li>
            ) : null}
          </ul>
        </Section>
      ) : null}

      {event.importantDates.length > 0 ? (
        <Section id={sid("important-dates")} title="Important Dates" variant={variant}>
          <ul className={s.rows}>
            {event.importantDates.map((d, i) => (
              <li key={i} className={s.row}>
                <span className={s.rowHead}>{d.dateTitle}</span>
                <span>{formatDateTimeIST(d.date)}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {event.rounds.length > 0 ? (
        <Section id={sid("rounds")} title="Rounds" variant={variant}>
          <ol className={s.rows}>
            {event.rounds.map((r, i) => (
              <li key={i} className={s.row} data-testid="round">
                <span className={s.rowHead}>
                  <span>{r.title}</span>
                  {r.isEliminatorRound === "true" ? (
                    <span className={s.eliminator}>Eliminator round</span>
                  ) : null}
                </span>
                <span className={s.muted}>
                  {formatDateTimeIST(r.startDate)}
                  {r.endDate ? ` – ${formatDateTimeIST(r.endDate)}` : ""}
                </span>
                <span>{r.description}</span>
              </li>
            ))}
          </ol>
        </Section>
      ) : null}

      {event.aboutEvent?.trim() ? (
        <Section id={sid("about")} title="About Event" variant={variant}>
          {/* Sanitised by the backend's allowlist before it was stored. */}
          <div
            className={prose}
            data-testid="about"
            dangerouslySetInnerHTML={{ __html: event.aboutEvent }}
          />
        </Section>
      ) : null}

      {website ? (
        <Section id={sid("website")} title="Website" variant={variant}>
          <a href={website} target="_blank" rel="noopener noreferrer" className={s.linkOut}>
            {event.eventWebsite}
          </a>
          <p className={s.note}>Visit the website for more details and registration.</p>
        </Section>
      ) : null}

      {sortedPrizes.length > 0 ? (
        <Section id={sid("prizes")} title="Prizes" variant={variant}>
          <ul className={s.rows}>
            {sortedPrizes.map((p) => (
              <li key={p.rank} className={s.row} data-testid="prize">
                <span className={s.rowHead}>
                  <span>{PRIZE_RANK_LABELS[p.rank] ?? `Rank ${p.rank}`}</span>
                  <span className={s.prizeAmount}>{formatRupees(p.cashAmount)}</span>
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {event.eventBrochure ? (
        <Section id={sid("brochure")} title="Brochure" variant={variant}>
          <p>{event.eventBrochureTitle || "Event brochure"}</p>
          <a
            href={event.eventBrochure}
            download
            className={button({ tone: "secondary", size: "sm" })}
          >
            Download brochure
          </a>
        </Section>
      ) : null}

      {event.contactDetails.length > 0 ? (
        <Section id={sid("contact")} title="Contact Organisers" variant={variant}>
          <ul className={s.rows}>
            {event.contactDetails.map((c, i) => {
              const tel = phone(c.number);
              return (
                <li key={i} className={`${s.row} ${s.contact}`} data-testid="contact">
                  <span className={s.avatar} aria-hidden="true">
                    {initials(c.name)}
                  </span>
                  <span>
                    <strong>{c.name}</strong>
                    <br />
                    <a href={tel.href}>{tel.label}</a>
                  </span>
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}
    </article>
  );
}

function Section({
  id,
  title,
  variant,
  children,
}: {
  id: string;
  title: string;
  variant: Variant;
  children: ReactNode;
}) {
  const Heading = variant === "page" ? "h2" : "h3";
  return (
    <section id={id} className={s.section} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={s.sectionTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** Shown while an event is on its way: the product word in place of the page. */
export function EventPlaceholder() {
  return (
    <div
      className={s.placeholder}
      role="status"
      aria-label="Loading event"
      data-testid="event-placeholder"
    >
      {PRODUCT_NAME}
    </div>
  );
}
