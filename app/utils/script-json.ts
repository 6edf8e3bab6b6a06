/**
 * JSON for a <script> element (JSON-LD on the event, profile and organisation pages): `<` escaped
 * so no text in it can close the element. A module of its own, so a page that needs only this
 * does not share the event page's SEO helpers (and their chunk) with it.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
