import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    "http://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
    "",
    null,
    "/%2F/evil.example",
  ])("sends %s to /", (to) => {
    expect(safeRedirect(to as string)).toBe("/");
  });
  it("keeps a path of this site", () => {
    expect(safeRedirect("/event/search?type=Fest")).toBe("/event/search?type=Fest");
  });
});
