import { safeRedirect } from "#server/contracts/safe-redirect";

/** The one check of a `redirectTo`, shared with the backend (the verification mail carries it). */
export { safeRedirect };

/** `path` (the login or signup page) carrying the way back, when there is one. */
export function withRedirect(path: string, redirectTo: string): string {
  const back = safeRedirect(redirectTo, "");
  return back ? `${path}?redirectTo=${encodeURIComponent(back)}` : path;
}
