import type { Insights } from "#server/contracts/organiser";
import { plural } from "#server/contracts/words";
import { formatDateIST } from "#app/utils/dates";
import * as s from "./Organiser.css";

const W = 320;
const H = 150;
const PAD = { left: 28, right: 6, top: 10, bottom: 22 };

/** A rounded-up maximum for the axis: 1, 2, 5, 10, 20, 50 … */
function niceMax(n: number): number {
  if (n <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  return ([1, 2, 5, 10].find((m) => m * p >= n) ?? 10) * p;
}

/** The axis labels: 0, the middle and the top, whole numbers only (counts have no halves). */
export function axisTicks(max: number): number[] {
  return [0, max / 2, max].filter(Number.isInteger);
}

const day = (d: string) => formatDateIST(`${d}T12:00:00+05:30`);

/**
 * Views (bars) and registrations (line) per day for the last 30 days, drawn on the server as
 * SVG: no chart library and no JavaScript. The viewBox scales to the screen, so it reads at 360 px;
 * the summary and the table beneath say the same in words.
 */
export function InsightsChart({ insights }: { insights: Insights }) {
  const views = insights.views.daily;
  const regs = insights.registrations.daily;
  const max = niceMax(Math.max(...views.map((d) => d.count), ...regs.map((d) => d.count)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, views.length);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const line = regs.map((d, i) => `${PAD.left + step * (i + 0.5)},${y(d.count)}`).join(" ");
  const busiest = views.reduce((a, b) => (b.count > a.count ? b : a), views[0]!);
  const total = (days: { count: number }[]) => days.reduce((a, d) => a + d.count, 0);
  const summary = `Last 30 days: ${plural(total(views), "view")} and ${plural(total(regs), "registration")}.${busiest && busiest.count > 0 ? ` Most views on ${day(busiest.day)} (${busiest.count}).` : ""}`;
  return (
    <figure className={s.head}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className={s.chart}
        role="img"
        aria-labelledby="insights-chart-title insights-chart-desc"
        data-testid="insights-chart"
      >
        <title id="insights-chart-title">Views and registrations per day</title>
        <desc id="insights-chart-desc">{summary}</desc>
        {axisTicks(max).map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className={s.gridLine} />
            <text x={PAD.left - 4} y={y(v) + 3} textAnchor="end" className={s.axisText}>
              {v}
            </text>
          </g>
        ))}
        {views.map((d, i) => (
          <rect
            key={d.day}
            x={PAD.left + step * i + step * 0.15}
            y={y(d.count)}
            width={step * 0.7}
            height={Math.max(0, PAD.top + plotH - y(d.count))}
            className={s.bar}
          />
        ))}
        <polyline points={line} className={s.regLine} />
        <text x={PAD.left} y={H - 6} className={s.axisText}>
          {day(views[0]!.day)}
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" className={s.axisText}>
          {day(views.at(-1)!.day)}
        </text>
      </svg>
      <figcaption>
        <ul className={s.legend}>
          <li>
            <span className={s.swatchViews} aria-hidden="true" />
            Views
          </li>
          <li>
            <span className={s.swatchRegs} aria-hidden="true" />
            Registrations
          </li>
        </ul>
        <p className={s.muted}>{summary}</p>
        <details>
          <summary>Daily figures</summary>
          <div className={s.tableWrap}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th className={s.th}>Day</th>
                  <th className={s.th}>Views</th>
                  <th className={s.th}>Registrations</th>
                  <th className={s.th}>Saves</th>
                </tr>
              </thead>
              <tbody>
                {[...views].reverse().map((d) => (
                  <tr key={d.day}>
                    <td className={s.td}>{day(d.day)}</td>
                    <td className={s.td}>{d.count}</td>
                    <td className={s.td}>{regs.find((r) => r.day === d.day)?.count ?? 0}</td>
                    <td className={s.td}>
                      {insights.saves.daily.find((r) => r.day === d.day)?.count ?? 0}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
