import { z } from "zod";
import { describe, expect, it } from "vitest";
import { restoredResult, stashFormName } from "./form-stash.server";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("stashFormName", () => {
  it("names the step, or the step-3 panel; Publish and unknown panels keep nothing", () => {
    expect(stashFormName("step1", form([]))).toBe("step1");
    expect(stashFormName("step2", form([]))).toBe("step2");
    expect(stashFormName("step3", form([["section", "about"]]))).toBe("step3-about");
    expect(stashFormName("step3", form([["intent", "publish"]]))).toBeNull();
    expect(stashFormName("step3", form([["section", "../x"]]))).toBeNull();
  });
});

describe("restoredResult", () => {
  it("fills the form with the kept values (rows included) and shows no errors", () => {
    const schema = z.object({ eventName: z.string().min(3) });
    const result = restoredResult(
      form([
        ["eventName", "Ro"],
        ["contactDetails[0].name", "Asha"],
      ]),
      schema,
    );
    expect(result).toEqual({
      initialValue: { eventName: "Ro", contactDetails: [{ name: "Asha" }] },
    });
  });
});
