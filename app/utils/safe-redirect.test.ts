import fc from "fast-check";
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
    "/\uFF0F/x",
    "/\uFF0F\uFF0Fevil.example",
    "/caf\u00e9",
  ])("sends %s to /", (to) => {
    expect(safeRedirect(to as string)).toBe("/");
  });
  it("keeps a path of this site", () => {
    expect(safeRedirect("/event/search?type=Fest")).toBe("/event/search?type=Fest");
    expect(safeRedirect("/event/search?q=%E0%A4%A6")).toBe("/event/search?q=%E0%A4%A6");
  });
  it("whatever it is given, the result is a Location header a response can carry, on this site", () => {
    const hostile = fc.oneof(
      fc.string({ unit: "binary", maxLength: 30 }).map((s) => `/${s}`),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.constantFrom("/\uFF0F/x", "/\u3000x", "/\u2028", "/\uD800", "/a\u0000b"),
    );
    fc.assert(
      fc.property(hostile, (to) => {
        const target = safeRedirect(to);
        // A character a header cannot hold made every redirect to it a 500.
        const res = new Response(null, { status: 302, headers: { Location: target } });
        const resolved = new URL(res.headers.get("location")!, "https://utsav.example");
        expect(resolved.origin).toBe("https://utsav.example");
      }),
      { numRuns: 500 },
    );
  });
});
