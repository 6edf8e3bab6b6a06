import { describe, expect, it } from "vitest";
import { scriptRuns } from "./text-runs";

describe("scriptRuns", () => {
  it("keeps one script in one run", () => {
    expect(scriptRuns("Asha Verma")).toEqual([{ text: "Asha Verma", script: "latin" }]);
    expect(scriptRuns("आशा वर्मा")).toEqual([{ text: "आशा वर्मा", script: "devanagari" }]);
  });

  it("cuts mixed names by script, marks and spaces staying with the run before them", () => {
    expect(scriptRuns("Priyā क्षत्रिय Rao")).toEqual([
      { text: "Priyā ", script: "latin" },
      { text: "क्षत्रिय ", script: "devanagari" },
      { text: "Rao", script: "latin" },
    ]);
  });

  it("never separates a joiner or a virama from its cluster", () => {
    const runs = scriptRuns("क्‍ष");
    expect(runs).toHaveLength(1);
    expect(runs[0].text).toBe("क्‍ष");
  });
});
