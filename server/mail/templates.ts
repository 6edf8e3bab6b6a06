import type { Mail } from "./outbox";

/**
 * The account mails. Links are built from the configured APP_URL only, never from a request's
 * Host header, so a forged Host cannot send someone a link to another site.
 */
export const PRODUCT = "Utsav";

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

export function appLink(appUrl: string, path: string): string {
  return `${appUrl.replace(/\/$/, "")}${path}`;
}

export function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#5b2bd6;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p>Or open this link: ${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1b24">${body}\n${button}</body></html>`;
}

export function verificationMail(
  appUrl: string,
  to: { email: string; firstName: string },
  userId: string,
  token: string,
  redirectTo?: string,
): Mail {
  // The way back (a team invite) rides along; the verify page checks it again (safeRedirect).
  const back = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const url = appLink(appUrl, `/${userId}/verify/${token}${back}`);
  const lines = [
    `Hello ${to.firstName},`,
    `Welcome to ${PRODUCT}! Please confirm your e-mail address to finish creating your account. The link is valid for 48 hours.`,
    `If you did not sign up, you can ignore this mail.`,
  ];
  return {
    to: to.email,
    subject: `Verify your e-mail for ${PRODUCT}`,
    text: `${lines.join("\n\n")}\n\nVerify your e-mail: ${url}\n`,
    html: layout(lines, { label: "Verify e-mail", url }),
  };
}

export function resetMail(
  appUrl: string,
  to: { email: string; firstName: string },
  userId: string,
  token: string,
): Mail {
  const url = appLink(appUrl, `/${userId}/reset-password/${token}`);
  const lines = [
    `Hello ${to.firstName},`,
    `Someone (hopefully you) asked to reset the password of your ${PRODUCT} account. The link is valid for 30 minutes and works once.`,
    `If it was not you, ignore this mail: your password stays as it is.`,
  ];
  return {
    to: to.email,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines.join("\n\n")}\n\nChoose a new password: ${url}\n`,
    html: layout(lines, { label: "Choose a new password", url }),
  };
}

/** Sent instead of a second account when someone signs up with an address already registered. */
export function signupAttemptMail(appUrl: string, to: { email: string; firstName: string }): Mail {
  const login = appLink(appUrl, "/login");
  const forgot = appLink(appUrl, "/forgot-password");
  const lines = [
    `Hello ${to.firstName},`,
    `Someone tried to sign up to ${PRODUCT} with your e-mail address, which already has an account.`,
    `If it was you, log in instead: ${login}`,
    `Forgot your password? Reset it here: ${forgot}`,
    `If it was not you, you can ignore this mail: nothing has changed.`,
  ];
  return {
    to: to.email,
    subject: `Someone tried to sign up with your e-mail`,
    text: `${lines.join("\n\n")}\n`,
    html: layout(lines),
  };
}
