import type { Insights } from "#server/contracts/organiser";
import { CheckInsByHour } from "#app/components/check-in/CheckInsByHour";
import { formatRupees } from "#app/components/events/format";
import { InsightsChart } from "./InsightsChart";
import * as s from "./Organiser.css";
import { OrganiserSection } from "./OrganiserSection";

/**
 * Totals and the daily chart. Saves show 0 until saved events exist; 'Collected ₹{x}' shows for
 * an event that takes fees (SPEC-4 §3).
 */
export function InsightsPanel({ insights }: { insights: Insights }) {
  const stats: { label: string; value: number | string }[] = [
    { label: "Views", value: insights.views.total },
    { label: "Saves", value: insights.saves.total },
    { label: "Registrations", value: insights.registrations.total },
    { label: "Complete teams", value: insights.completeTeams.total },
    { label: "Incomplete teams", value: insights.incompleteTeams.total },
    { label: "Checked in", value: insights.checkedIn.total },
  ];
  if (insights.collected !== null)
    stats.push({ label: "Collected", value: formatRupees(insights.collected) });
  return (
    <OrganiserSection id="insights" title="Insights">
      <dl className={s.stats}>
        {stats.map((x) => (
          <div key={x.label} className={s.stat} data-testid={`stat-${x.label}`}>
            <dt className={s.statLabel}>{x.label}</dt>
            <dd className={s.statValue}>
              {typeof x.value === "number" ? x.value.toLocaleString("en-IN") : x.value}
            </dd>
          </div>
        ))}
      </dl>
      <InsightsChart insights={insights} />
      <CheckInsByHour checkedIn={insights.checkedIn} />
    </OrganiserSection>
  );
}
