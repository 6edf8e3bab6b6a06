import type { Config } from "#server/config";

/** Security headers for HTML pages and static assets; scripts run only with this response's nonce. */
export function pageSecurityHeaders(
  config: Pick<Config, "env" | "feedbackFormUrl" | "google">,
  nonce: string,
): Record<string, string> {
  const frameSrc = config.feedbackFormUrl ? new URL(config.feedbackFormUrl).origin : "'none'";
  const authorize = config.google.authorizationUrl ?? "https://accounts.google.com";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
