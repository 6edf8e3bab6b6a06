import type { Config } from "#server/config";

/**
 * Security headers for HTML pages and static assets. Inline scripts run only with this response's
 * nonce, or, on a page kept by the page cache for everyone, only when their sha256 is listed
 * (`scripts` the 'sha256-…' sources).
 */
export function pageSecurityHeaders(
  config: Pick<Config, "env" | "feedbackFormUrl" | "google">,
  scripts: { nonce: string } | { hashes: string[] },
): Record<string, string> {
  const scriptSources = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes;
  const frameSrc = config.feedbackFormUrl ? new URL(config.feedbackFormUrl).origin : "'none'";
  const authorize = config.google.authorizationUrl ?? "https://accounts.google.com";
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
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
