import { Link } from "@remix-run/react";
import { SECTIONS, type SectionId, sectionHref } from "./sections";
import * as s from "./Organiser.css";

/**
 * The organiser page's menu of sections (issue 45): plain links, one URL each, so a section is a
 * bookmark and works without JavaScript. The current one is marked `aria-current="page"`.
 */
export function SectionNav({
  eventNumber,
  current,
  hasQuiz,
  paid,
}: {
  eventNumber: string;
  current: SectionId;
  hasQuiz: boolean;
  /** A paid event (SPEC-4 §1): its coupons have a section. */
  paid: boolean;
}) {
  return (
    <nav aria-label="Sections of this event" data-testid="section-nav">
      <ul className={s.anchors}>
        {SECTIONS.filter((x) => (x.id !== "quiz" || hasQuiz) && (x.id !== "coupons" || paid)).map(
          (x) => (
            <li key={x.id}>
              <Link
                to={sectionHref(eventNumber, x.id)}
                className={x.id === current ? s.anchorCurrent : s.anchor}
                aria-current={x.id === current ? "page" : undefined}
                prefetch="none"
              >
                {x.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
