import type { Insights } from "#server/contracts/organiser";
import * as s from "#app/components/organiser/Organiser.css";

/** Insights' check-ins per India hour (SPEC-3 §5), under the daily chart; nothing before the first. */
export function CheckInsByHour({ checkedIn }: { checkedIn: Insights["checkedIn"] }) {
  if (checkedIn.total === 0) return null;
  return (
    <details>
      <summary>Check-ins by hour</summary>
      <div className={s.tableWrap}>
        <table className={s.table}>
          <thead>
            <tr>
              <th className={s.th}>Hour (IST)</th>
              <th className={s.th}>Checked in</th>
            </tr>
          </thead>
          <tbody>
            {checkedIn.hourly.map((h) => (
              <tr key={h.hour}>
                <td
                  className={s.td}
                >{`${h.hour.slice(8, 10)}/${h.hour.slice(5, 7)} ${h.hour.slice(11, 16)}`}</td>
                <td className={s.td}>{h.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
