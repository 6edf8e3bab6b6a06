import { describe, expect, it } from "vitest";
import { capacity, capacityLine, headroom, parseBusy } from "./busy";

describe("--busy", () => {
  it("is off without the flag", () => {
    expect(parseBusy(["--quiz", "--pg"])).toEqual({ cores: 0, argv: ["--quiz", "--pg"] });
  });
  it("is one core alone, N with a value, and leaves the other flags", () => {
    expect(parseBusy(["--gate", "--busy"])).toEqual({ cores: 1, argv: ["--gate"] });
    expect(parseBusy(["--busy=2", "--quiz"])).toEqual({ cores: 2, argv: ["--quiz"] });
    expect(parseBusy(["--busy=0"]).cores).toBe(0);
  });
  it("refuses what is not a number of cores", () => {
    expect(() => parseBusy(["--busy=x"])).toThrow(/whole number/);
    expect(() => parseBusy(["--busy=-1"])).toThrow(/whole number/);
    expect(() => parseBusy(["--busy=1.5"])).toThrow(/whole number/);
  });
});

describe("closed-loop capacity", () => {
  it("is answers per second over the window", () => {
    expect(capacity(500, 2000)).toBe(250);
    expect(capacity(0, 1000)).toBe(0);
    expect(capacity(10, 0)).toBe(0);
  });
  it("is set against the offered rate as headroom", () => {
    expect(headroom(1000, 250)).toBe(4);
    expect(headroom(100, 0)).toBeNull();
    expect(capacityLine(250, 1000, 12.34, 1)).toBe(
      "offered 250 req/s, closed-loop capacity 1000 req/s (headroom 4.00 ×), p99 12.3 ms; 1 core kept busy outside",
    );
    expect(capacityLine(0, 10, 1, 0)).toContain("headroom n/a");
  });
});
