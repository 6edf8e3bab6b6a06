import { Link } from "@remix-run/react";
import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import { STEP3_SECTION_INFO, type Step3SectionId } from "#server/contracts/step3-sections";
import { plural } from "#server/contracts/words";
import type { EventData } from "#server/contracts/event-shape";
import { button } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import * as p from "./Step3.css";

const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});

function summaryOf(id: Step3SectionId, e: EventData): string {
  switch (id) {
    case "banner":
      return e.eventBanner ? "Banner added" : "No banner yet: it is required to publish";
    case "basic":
      return [
        e.eventName,
        e.modeOfEvent,
        e.participationType === "team"
          ? `Team of ${e.minTeam}-${e.maxTeam}`
          : e.participationType
            ? "Individual"
            : null,
        e.endDate ? `Registration ends ${formatDateTimeIST(e.endDate)}` : null,
      ]
        .filter(Boolean)
        .join(" · ");
    case "rounds":
      return e.rounds.length
        ? `${plural(e.rounds.length, "round")}: ${e.rounds.map((r) => r.title).join(", ")}`
        : "No rounds yet";
    case "about": {
      const text = (e.aboutEvent ?? "")
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
      return text ? `${text.slice(0, 90)}${text.length > 90 ? "…" : ""}` : "No description yet";
    }
    case "prizes": {
      const first = e.prizes.find((x) => x.rank === 1);
      return e.prizes.length
        ? `${plural(e.prizes.length, "prize")}${first ? ` · ${PRIZE_RANK_LABELS[1]} ${rupees.format(first.cashAmount)}` : ""}`
        : "No prizes yet";
    }
    case "dates":
      return [
        plural(e.importantDates.length, "date"),
        plural(e.contactDetails.length, "contact"),
        e.eventBrochure ? "Brochure added" : "No brochure",
      ].join(" · ");
  }
}

/** The 'Customise Features' list: a card per section with what it holds and an Edit link. */
export function SummaryCards({
  event,
  hrefFor,
}: {
  event: EventData;
  hrefFor: (id: Step3SectionId) => string;
}) {
  return (
    <nav aria-labelledby="customise-title" className={p.sidebar}>
      <h2 id="customise-title" className={p.sidebarTitle}>
        Customise Features
      </h2>
      {STEP3_SECTION_INFO.map((sec) => (
        <section
          key={sec.id}
          className={p.summary}
          aria-labelledby={`summary-${sec.id}`}
          data-testid={`summary-${sec.id}`}
        >
          <h3 id={`summary-${sec.id}`} className={p.summaryTitle}>
            {sec.title}
          </h3>
          <Link
            to={hrefFor(sec.id)}
            className={button({ tone: "secondary", size: "sm" })}
            aria-label={`Edit ${sec.title}`}
          >
            Edit
          </Link>
          <p className={p.summaryText}>{summaryOf(sec.id, event)}</p>
        </section>
      ))}
    </nav>
  );
}
