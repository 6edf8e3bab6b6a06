/**
 * Only paths of this site: `/x`, never `//host`, `/\host`, an encoded backslash, a scheme, or
 * anything with control characters. The target itself must be printable ASCII (what a URL of
 * ours is once percent-encoded): a header cannot carry `／` (U+FF0F), so redirecting to it was a
 * 500. Everything else becomes the fallback.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (!to || typeof to !== "string") return fallback;
  if (/[^\x21-\x7e]/.test(to)) return fallback;
  let decoded = to;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  for (const v of [to, decoded]) {
    if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\") || v.includes("\\"))
      return fallback;
    if (/[\u0000-\u001f\u007f]/.test(v)) return fallback;
  }
  return to;
}
