/** The one shape of a hosting save's body, whether it came as JSON or multipart. */

export type RawBody = Record<string, unknown>;

const NUMERIC_KEYS = new Set([
  "minTeam",
  "maxTeam",
  "version",
  "rank",
  "cashAmount",
  "capacity",
  "fee",
  "earlyFee",
  "holdMinutes",
]);
const LIST_KEYS = new Set(["contactDetails", "importantDates", "rounds", "prizes"]);

/**
 * One shape for JSON and multipart bodies, as the forms' Conform parsing gives them: blank strings
 * and empty file parts are absent, list fields sent as JSON strings are parsed, and numbers sent as
 * decimal strings become numbers.
 */
export function normaliseBody(value: unknown, key = ""): unknown {
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "") return undefined;
    if (LIST_KEYS.has(key)) {
      try {
        return normaliseBody(JSON.parse(trimmed), key);
      } catch {
        return value;
      }
    }
    if (NUMERIC_KEYS.has(key) && /^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
    return value;
  }
  if (typeof File !== "undefined" && value instanceof File)
    return value.size === 0 && !value.name ? undefined : value;
  if (Array.isArray(value)) {
    // A repeated multipart key of a scalar field: the last one wins.
    if (!LIST_KEYS.has(key)) return normaliseBody(value.at(-1), key);
    return value.map((item) => normaliseBody(item));
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = normaliseBody(v, k);
    return out;
  }
  return value;
}
