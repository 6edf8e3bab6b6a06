import type { LoadRow } from "./load";

/**
 * The bench's goal lines (issue 30), from rows measured in the same run: each signed-in page's
 * cost as a multiple of the empty signed-in page's, the kept pages' tails, and what making
 * certificate PDFs takes from the signed-in event page.
 */
export const EMPTY_SIGNED_IN = "/privacypolicy (signed in)";
const SIGNED_IN = " (signed in)";

/** How many times the empty signed-in page's cost (its req/s ÷ the page's): 1 = no dearer. */
export function costRatio(row: LoadRow, rows: LoadRow[]): number | null {
  const empty = rows.find((r) => r.name === EMPTY_SIGNED_IN);
  if (!empty || !row.name.endsWith(SIGNED_IN) || row === empty || !row.rps) return null;
  return empty.rps / row.rps;
}

export function goalLines(
  rows: LoadRow[],
  keptNames: string[],
  goals = { costRatio: 1.5, keptP99Ms: 50 },
): string[] {
  const costs = rows
    .map((r) => [r.name, costRatio(r, rows)] as const)
    .filter((x): x is readonly [string, number] => x[1] !== null)
    .map(([name, x]) => `${name.slice(0, -SIGNED_IN.length)} ${x.toFixed(2)} ×`);
  const kept = rows.filter((r) => keptNames.includes(r.name));
  const worst = Math.max(...kept.map((r) => r.p99));
  return [
    `Signed-in pages, cost as a multiple of the empty signed-in page's (${EMPTY_SIGNED_IN} req/s ÷ the page's, goal ≤ ${goals.costRatio}): ${costs.join(", ")}`,
    `Kept anonymous pages, p99: ${kept.map((r) => `${r.name} ${r.p99.toFixed(1)} ms`).join(", ")}; worst ${worst.toFixed(1)} ms (goal < ${goals.keptP99Ms} ms: ${worst < goals.keptP99Ms ? "met" : "not met"})`,
  ];
}

/**
 * The share of req/s lost while PDFs are made, as a line (goal < 10 %): the mean of the windows
 * while PDFs are made against the mean of the windows with none, interleaved in time.
 */
export function pdfLossLine(rps: {
  without: number[];
  during: number[];
  /** PDFs made while the page was loaded: with none, the load measured nothing of them. */
  pdfsDuring: number;
  goalPct?: number;
}): string {
  const { pdfsDuring, goalPct = 10 } = rps;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const [without, during] = [mean(rps.without), mean(rps.during)];
  const rates = `${during.toFixed(0)} req/s while PDFs are made against ${without.toFixed(0)} with none, means of ${rps.during.length} and ${rps.without.length} interleaved windows`;
  if (pdfsDuring === 0)
    return `PDF-time loss: not measured: no PDF was made during the load (${rates})`;
  const loss = (1 - during / without) * 100;
  return `PDF-time loss: ${loss.toFixed(1)} % of the signed-in event page's req/s (${rates}; goal < ${goalPct} %: ${loss < goalPct ? "met" : "not met"})`;
}
