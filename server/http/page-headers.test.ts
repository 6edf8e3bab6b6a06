import { describe, expect, it } from "vitest";
import { createNonces, pageSecurityHeaders } from "./page-headers";

const config = {
  env: "production" as const,
  feedbackFormUrl: "https://forms.example.org/f/1",
  google: { authorizationUrl: undefined },
};

describe("pageSecurityHeaders", () => {
  it("allows the response's nonce, or the kept page's hashes, with the same policy around them", () => {
    const withNonce = pageSecurityHeaders(config as never, { nonce: "abc" });
    const withHashes = pageSecurityHeaders(config as never, {
      hashes: ["'sha256-x'", "'sha256-y'"],
    });
    expect(withNonce["Content-Security-Policy"]).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self'; img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'; frame-src https://forms.example.org; frame-ancestors 'none'; form-action 'self' https://accounts.google.com; base-uri 'none'; object-src 'none'",
    );
    expect(withHashes["Content-Security-Policy"]).toContain(
      "script-src 'self' 'sha256-x' 'sha256-y'; style-src 'self';",
    );
    expect(withNonce["Strict-Transport-Security"]).toBeDefined();
  });

  it("reads each configuration's own origins", () => {
    const other = {
      env: "development" as const,
      feedbackFormUrl: "",
      google: { authorizationUrl: "http://127.0.0.1:9/auth" },
    };
    const csp = pageSecurityHeaders(other as never, { nonce: "n" })["Content-Security-Policy"];
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:9");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(
      pageSecurityHeaders(other as never, { nonce: "n" })["Strict-Transport-Security"],
    ).toBeUndefined();
  });
});

describe("createNonces", () => {
  it("gives 128-bit nonces, never the same one, across refills of its pool", () => {
    const next = createNonces(4);
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const nonce = next();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1_000);
  });
});
