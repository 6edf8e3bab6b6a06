/**
 * Counted words, the one helper for them: "1 registration", "2 registrations", "1 person",
 * "3 people". Shared by the pages and the mails (browser-safe, like the rest of contracts).
 */
const IRREGULAR: Record<string, string> = { person: "people" };

/** The word for `n` of something: `pluralWord(2, "team")` → "teams". */
export function pluralWord(n: number, one: string, many?: string): string {
  if (n === 1) return one;
  return many ?? IRREGULAR[one] ?? `${one}s`;
}

/** `n` and its word: `plural(1, "registration")` → "1 registration". */
export function plural(n: number, one: string, many?: string): string {
  return `${n.toLocaleString("en-IN")} ${pluralWord(n, one, many)}`;
}
