import { describe, expect, it } from "vitest";
import { googleDeadlineUrl } from "./calendar-links";

describe("googleDeadlineUrl", () => {
  it("fills Google Calendar with the half hour that ends at the deadline, as the .ics does", () => {
    const url = googleDeadlineUrl(
      { eventNumber: "12345", eventName: "HackIndia", endDate: "2026-11-30T18:30:00.000Z" },
      "https://utsav.example",
    );
    const params = new URL(url!).searchParams;
    expect(params.get("dates")).toBe("20261130T180000Z/20261130T183000Z");
    expect(params.get("text")).toBe("Registration closes: HackIndia");
  });
  it("has no link without a deadline", () => {
    expect(
      googleDeadlineUrl({ eventNumber: "1", eventName: null, endDate: null }, "https://u.example"),
    ).toBeNull();
  });
});
