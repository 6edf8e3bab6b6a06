import { randomBytes } from "node:crypto";
import type { Config } from "#server/config";

type HeaderConfig = Pick<Config, "env" | "feedbackFormUrl" | "google">;

/**
 * Security headers for HTML pages and static assets. Inline scripts run only with this response's
 * nonce, or, on a page kept by the page cache for everyone, only when their sha256 is listed
 * (`scripts` the 'sha256-…' sources).
 */
export function pageSecurityHeaders(
  config: HeaderConfig,
  scripts: ({ nonce: string } | { hashes: string[] }) & { wasm?: boolean },
): Record<string, string> {
  const scriptSources = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : [...scripts.hashes];
  // The check-in page's QR decoder (ZXing) is WebAssembly where the browser has no BarcodeDetector.
  if (scripts.wasm) scriptSources.push("'wasm-unsafe-eval'");
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    policyRest(config),
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
  };
  if (config.env === "production")
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * The policy after script-src, the same for every page of a configuration: made once (it parses
 * two URLs), not per response.
 */
const restOfPolicy = new WeakMap<HeaderConfig, string>();
function policyRest(config: HeaderConfig): string {
  let rest = restOfPolicy.get(config);
  if (rest === undefined) {
    const frameSrc = config.feedbackFormUrl ? new URL(config.feedbackFormUrl).origin : "'none'";
    const authorize = config.google.authorizationUrl ?? "https://accounts.google.com";
    rest = [
      // The dev server (Vite) injects each module's CSS as an inline <style> for hot reload.
      config.env === "development" ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
      "img-src 'self' data: blob: https:",
      "font-src 'self'",
      "connect-src 'self'",
      `frame-src ${frameSrc}`,
      "frame-ancestors 'none'",
      `form-action 'self' ${new URL(authorize).origin}`,
      "base-uri 'none'",
      "object-src 'none'",
    ].join("; ");
    restOfPolicy.set(config, rest);
  }
  return rest;
}

/**
 * A source of CSP nonces, 128 random bits each, drawn from the system's CSPRNG 256 at a time: one
 * `getrandom` call per 256 pages instead of one per page.
 */
export function createNonces(batch = 256): () => string {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at >= pool.length) {
      pool = randomBytes(16 * batch);
      at = 0;
    }
    at += 16;
    return pool.toString("base64", at - 16, at);
  };
}
