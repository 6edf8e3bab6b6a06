/**
 * The one date helper. Instants are ISO UTC strings; people enter and read India time (UTC+5:30).
 */
import { plural } from "./words";

const IST_OFFSET_MS = 330 * 60_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateTimeFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});
const dateFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "21 Nov 2026, 12:00 pm IST" */
export function formatDateTimeIST(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : `${dateTimeFormat.format(d)} IST`;
}

/** "21 Nov 2026" */
export function formatDateIST(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dateFormat.format(d);
}

/** How long until `endIso`: "2 days", else "5 hours", else "3 minutes" (floored); null once passed. */
export function timeUntil(
  endIso: string | null | undefined,
  now: Date = new Date(),
): string | null {
  if (!endIso) return null;
  const ms = new Date(endIso).getTime() - now.getTime();
  if (!(ms > 0)) return null;
  if (ms >= DAY) return plural(Math.floor(ms / DAY), "day");
  if (ms >= HOUR) return plural(Math.floor(ms / HOUR), "hour");
  return plural(Math.max(1, Math.floor(ms / MINUTE)), "minute");
}

const dayMonthFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
});

/** "3 Dec": a day of the coming weeks, where the year goes without saying. */
export function formatDayMonthIST(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dayMonthFormat.format(d);
}

/** Time left until `endIso` (SPEC §9): "2 days left", "1 hour left"; null once passed. */
export function timeLeft(endIso: string | null | undefined, now: Date = new Date()): string | null {
  const until = timeUntil(endIso, now);
  return until ? `${until} left` : null;
}

export function isExpired(endIso: string | null | undefined, now: Date = new Date()): boolean {
  return !!endIso && new Date(endIso).getTime() <= now.getTime();
}

/** An instant as the value of an <input type="datetime-local">, in India time ("2026-11-21T12:00"). */
export function toISTInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return "";
  return new Date(t + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * A datetime-local value (India time, no offset) or any ISO string with an offset, as an ISO UTC
 * instant; null when it is not a date. Takes anything: schema refinements that run on unchecked
 * input (a number or `true` where a date belongs) call it too.
 */
export function fromISTInput(value: unknown): string | null {
  if (typeof value !== "string" || !value) return null;
  const v = value.trim();
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(v);
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(v);
  if (!hasOffset && !local) return null;
  const t = hasOffset ? Date.parse(v) : Date.parse(`${v}${v.length === 16 ? ":00" : ""}+05:30`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** Now in India time as a datetime-local value: the default of the registration dates. */
export function nowISTInput(now: Date = new Date()): string {
  return toISTInput(now.toISOString());
}

/** The India calendar day of an instant, "2026-11-21": insights' days and per-day limits. */
export function istDay(date: Date): string {
  return new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The `count` India days ending with `date`'s, oldest first. */
export function lastIstDays(date: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    istDay(new Date(date.getTime() - (count - 1 - i) * DAY)),
  );
}
