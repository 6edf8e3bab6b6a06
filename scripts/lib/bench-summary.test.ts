import { describe, expect, it } from "vitest";
import { costRatio, goalLines, pdfLossLine } from "./bench-summary";

const row = (name: string, rps: number, p99 = 1) => ({
  name,
  rps,
  p50: 1,
  p99,
  errors: 0,
  non2xx: 0,
});

describe("bench goal lines", () => {
  const rows = [
    row("/", 9000, 12),
    row("/event/1", 8000, 61.5),
    row("/ (signed in)", 100),
    row("/event/search?q=fest (signed in)", 60),
    row("/privacypolicy (signed in)", 150),
  ];

  it("measures each signed-in page against the empty signed-in page of the same run", () => {
    expect(costRatio(rows[2], rows)).toBe(1.5);
    expect(costRatio(rows[3], rows)).toBe(2.5);
    expect(costRatio(rows[4], rows)).toBeNull();
    expect(costRatio(rows[0], rows)).toBeNull();
    expect(goalLines(rows, ["/", "/event/1"])).toEqual([
      "Signed-in pages, cost as a multiple of the empty signed-in page's (/privacypolicy (signed in) req/s ÷ the page's, goal ≤ 1.5): / 1.50 ×, /event/search?q=fest 2.50 ×",
      "Kept anonymous pages, p99: / 12.0 ms, /event/1 61.5 ms; worst 61.5 ms (goal < 50 ms: not met)",
    ]);
  });

  it("says what making PDFs took from the page, windows with PDFs against windows without", () => {
    expect(pdfLossLine({ without: [204, 196], during: [148], pdfsDuring: 5 })).toBe(
      "PDF-time loss: 26.0 % of the signed-in event page's req/s (148 req/s while PDFs are made against 200 with none, means of 1 and 2 interleaved windows; goal < 10 %: not met)",
    );
    const small = pdfLossLine({ without: [181, 150, 152], during: [160, 150], pdfsDuring: 6 });
    expect(small).toContain("3.7 %");
    expect(small).toContain(": met)");
    expect(pdfLossLine({ without: [88, 90], during: [116], pdfsDuring: 0 })).toBe(
      "PDF-time loss: not measured: no PDF was made during the load (116 req/s while PDFs are made against 89 with none, means of 1 and 2 interleaved windows)",
    );
  });
});
