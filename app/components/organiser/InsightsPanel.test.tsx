import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Insights } from "#server/contracts/organiser";
import { InsightsPanel } from "./InsightsPanel";

const series = { total: 0, daily: [{ day: "2026-11-21", count: 0 }] };
const insights = (collected: number | null): Insights => ({
  views: series,
  saves: series,
  registrations: series,
  completeTeams: series,
  incompleteTeams: series,
  checkedIn: { total: 0, hourly: [] },
  collected,
});
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the insights panel (SPEC-4 §3)", () => {
  it("shows 'Collected ₹{x}' in Indian digit grouping for an event that takes fees", () => {
    expect(text(renderToStaticMarkup(<InsightsPanel insights={insights(129900)} />))).toContain(
      "Collected ₹1,29,900",
    );
    expect(text(renderToStaticMarkup(<InsightsPanel insights={insights(0)} />))).toContain(
      "Collected ₹0",
    );
  });

  it("has no 'Collected' for an event that never took a fee", () => {
    expect(renderToStaticMarkup(<InsightsPanel insights={insights(null)} />)).not.toContain(
      "Collected",
    );
  });
});
