import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Insights } from "#server/contracts/organiser";
import { InsightsChart } from "./InsightsChart";

const days = (counts: number[]) =>
  counts.map((count, i) => ({ day: `2026-11-${String(i + 1).padStart(2, "0")}`, count }));

function insights(views: number[], regs: number[]): Insights {
  const series = (c: number[]) => ({ total: c.reduce((a, b) => a + b, 0), daily: days(c) });
  return {
    views: series(views),
    saves: series(views.map(() => 0)),
    registrations: series(regs),
    completeTeams: series(views.map(() => 0)),
    incompleteTeams: series(views.map(() => 0)),
  } as Insights;
}

/** The numbers written beside the chart's grid lines. */
function ticks(html: string): string[] {
  return [...html.matchAll(/<text[^>]*text-anchor="end"[^>]*>([^<]*)<\/text>/g)]
    .map((m) => m[1]!)
    .filter((t) => /^[\d.]+$/.test(t));
}

describe("the insights chart", () => {
  it("labels its axis with whole numbers: counts have no halves", () => {
    for (const [views, expected] of [
      [
        [0, 1, 0],
        ["0", "1"],
      ],
      [
        [0, 5, 3],
        ["0", "5"],
      ],
      [
        [0, 2, 1],
        ["0", "1", "2"],
      ],
      [
        [0, 0, 0],
        ["0", "1"],
      ],
      [
        [10, 4, 0],
        ["0", "5", "10"],
      ],
    ] as const) {
      const html = renderToStaticMarkup(
        <InsightsChart insights={insights([...views], [0, 1, 0])} />,
      );
      expect(ticks(html)).toEqual(expected);
    }
  });
  it("counts in words with the right plural", () => {
    const html = renderToStaticMarkup(<InsightsChart insights={insights([0, 1, 0], [1, 0, 0])} />);
    expect(html).toContain("Last 30 days: 1 view and 1 registration.");
  });
});
