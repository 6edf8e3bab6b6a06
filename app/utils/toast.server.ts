import { createCookie, redirect } from "@remix-run/node";
import { readConfig, secureCookies } from "#server/config";
import type { Toast } from "./toast";

/** The web app's only cookie: a one-shot toast carried across a redirect. */
const toastCookie = createCookie("utsav_toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
  // The same rule as the session cookie, from the same environment the process read at start.
  secure: secureCookies(readConfig()),
});

export async function toastHeaders(toast: Toast, headers: HeadersInit = {}): Promise<Headers> {
  const out = new Headers(headers);
  out.append("Set-Cookie", await toastCookie.serialize(toast));
  return out;
}

export async function redirectWithToast(url: string, toast: Toast, headers: HeadersInit = {}) {
  return redirect(url, { headers: await toastHeaders(toast, headers) });
}

/**
 * A move the visitor must be told about first (SPEC §4, §8: a session that ended, an unknown
 * event): the message shows as the red banner on a short waiting page, which moves on to `url`
 * after 2 s, with or without JavaScript.
 */
export async function redirectAfterWait(url: string, toast: Toast, headers: HeadersInit = {}) {
  return redirectWithToast(`/redirecting?to=${encodeURIComponent(url)}`, toast, headers);
}

/** Reads and clears the toast. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const value = await toastCookie.parse(request.headers.get("cookie"));
  const headers = new Headers();
  if (!value) return { toast: null, headers };
  headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  const ok =
    value &&
    (value.type === "success" || value.type === "error") &&
    typeof value.message === "string";
  return {
    toast: ok ? { type: value.type, message: String(value.message).slice(0, 300) } : null,
    headers,
  };
}
