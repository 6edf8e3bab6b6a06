import { Link } from "@remix-run/react";
import type { Clash } from "#server/contracts/orgs";
import { formatDateIST } from "#app/utils/dates";
import * as s from "./Org.css";

/**
 * SPEC-4 §4: 'Other events at {college} on these dates', to the event's owner and admins, when
 * published events of organisations of the same college overlap it. A warning, never a refusal.
 */
export function ClashWarning({ college, clashes }: { college: string | null; clashes?: Clash[] }) {
  if (!college || !clashes?.length) return null;
  return (
    <section className={s.clash} role="note" data-testid="clashes" aria-labelledby="clash-title">
      <strong id="clash-title">Other events at {college} on these dates</strong>
      <ul className={s.clashList}>
        {clashes.map((c) => (
          <li key={c.eventNumber}>
            <Link to={`/event/${c.eventNumber}`}>{c.eventName || "Untitled event"}</Link>{" "}
            <span className={s.muted}>
              by <Link to={`/org/${c.orgHandle}`}>{c.orgName}</Link>
              {c.startDate ? ` · ${formatDateIST(c.startDate)}` : ""}
              {c.endDate ? ` to ${formatDateIST(c.endDate)}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
