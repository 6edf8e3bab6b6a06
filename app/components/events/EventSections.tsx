import type { ReactNode } from "react";
import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import type { EventData } from "#server/contracts/event-shape";
import { prose } from "#app/components/prose/Prose.css";
import { button } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as s from "./EventView.css";
import { externalUrl, formatRupees, initials, phone } from "./format";
import type { Announcement, Results } from "#server/contracts/organiser";
import { AdvancedFrom, UpdatesList, WinnerOf } from "./EventResults";
import { RoundSubmission, type RoundStates } from "#app/components/submissions/RoundSubmission";

export type Variant = "page" | "preview";

/** The sections of an event page, in order; each is shown (and linked) only when it has data. */
export function sectionsOf(event: EventData, updates = 0) {
  return [
    {
      id: "registration",
      label: "Registration Deadline",
      show: !!(event.startDate || event.endDate),
    },
    { id: "Updates", label: "Updates", show: updates > 0 },
    { id: "important-dates", label: "Important Dates", show: event.importantDates.length > 0 },
    { id: "rounds", label: "Rounds", show: event.rounds.length > 0 },
    { id: "about", label: "About Event", show: !!event.aboutEvent?.trim() },
    { id: "website", label: "Website", show: !!externalUrl(event.eventWebsite) },
    { id: "prizes", label: "Prizes", show: event.prizes.length > 0 },
    { id: "brochure", label: "Brochure", show: !!event.eventBrochure },
    { id: "contact", label: "Contact", show: event.contactDetails.length > 0 },
  ].filter((x) => x.show);
}

/** The event's sections (SPEC §2 event page), each only when it has data, in `sectionsOf`'s order. */
export function EventSections({
  event,
  variant,
  sid,
  updates = [],
  results,
  roundActions,
  roundStates,
}: {
  event: EventData;
  variant: Variant;
  sid: (id: string) => string;
  updates?: Announcement[];
  results?: Results;
  roundActions?: Record<number, ReactNode>;
  /** SPEC-3 §2: the viewer's state in each submission round. */
  roundStates?: RoundStates;
}) {
  const sections = sectionsOf(event, updates.length);
  const website = externalUrl(event.eventWebsite);
  const sortedPrizes = [...event.prizes].sort((a, b) => a.rank - b.rank);
  return (
    <>
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

      {updates.length > 0 ? (
        <Section id={sid("Updates")} title="Updates" variant={variant}>
          <UpdatesList updates={updates} />
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
                <AdvancedFrom results={results} index={i} />
                {roundActions?.[i]}
                <RoundSubmission
                  eventNumber={event.eventNumber}
                  index={i}
                  state={roundStates?.[i]}
                />
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
          <p className={s.note}>
            {event.registrationMode === "website"
              ? "Visit the website for more details and registration."
              : "Visit the website for more details."}
          </p>
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
                <WinnerOf results={results} rank={p.rank} />
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
    </>
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
