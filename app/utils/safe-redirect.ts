/**
 * Only paths of this site: `/x`, never `//host`, `/\host`, an encoded backslash, a scheme, or
 * anything with control characters. Everything else becomes the fallback.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (!to || typeof to !== "string") return fallback;
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
