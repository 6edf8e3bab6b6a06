import { describe, expect, it } from "vitest";
import { formatDateTimeIST, fromISTInput, isExpired, timeLeft, toISTInput } from "./dates";

const now = new Date("2026-11-21T06:30:00.000Z"); // 12:00 IST

describe("dates", () => {
  it("shows instants in India time", () => {
    expect(formatDateTimeIST("2026-11-21T06:30:00.000Z")).toMatch(/21 Nov 2026.*12:00.*pm IST/i);
  });
  it("reads a datetime-local value as India time and writes it back", () => {
    expect(fromISTInput("2026-11-21T12:00")).toBe("2026-11-21T06:30:00.000Z");
    expect(toISTInput("2026-11-21T06:30:00.000Z")).toBe("2026-11-21T12:00");
    expect(fromISTInput("2026-11-21T06:30:00Z")).toBe("2026-11-21T06:30:00.000Z");
    expect(fromISTInput("tomorrow")).toBeNull();
  });
  it("counts time left in days, else hours, else minutes, floored", () => {
    expect(timeLeft("2026-11-23T07:00:00Z", now)).toBe("2 days left");
    expect(timeLeft("2026-11-22T06:00:00Z", now)).toBe("23 hours left");
    expect(timeLeft("2026-11-21T07:29:59Z", now)).toBe("59 minutes left");
    expect(timeLeft("2026-11-21T06:30:00Z", now)).toBeNull();
    expect(isExpired("2026-11-21T06:29:00Z", now)).toBe(true);
  });
});
