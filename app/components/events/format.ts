/** Display helpers for events; plain functions, safe in the browser bundle. */
import type { Round } from "#server/contracts/event-shape";
import { formatDayMonthIST } from "#app/utils/dates";
import { stepUrl } from "#app/utils/step-url";

const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});

/** "₹1,00,000" (Indian digit grouping). */
export function formatRupees(amount: number | null | undefined): string {
  return typeof amount === "number" && Number.isFinite(amount) ? rupees.format(amount) : "";
}

/** The first word of an event type, as cards show it: "Hackathon & Coding Challenges" → "Hackathon". */
export function typeWord(eventType: string | null | undefined): string {
  return (eventType ?? "").trim().split(/\s+/)[0] ?? "";
}

/** Two-letter initials: "Priya Iyer" → "PI", "Priya" → "PR". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const letters =
    words.length > 1
      ? `${[...words[0]!][0]}${[...words[1]!][0]}`
      : [...words[0]!].slice(0, 2).join("");
  return letters.toUpperCase();
}

/** A 10-digit Indian number as a tel: link and as shown ("+91 98765 43210"). */
export function phone(number: string): { href: string; label: string } {
  const digits = number.replace(/\D/g, "").slice(-10);
  return { href: `tel:+91${digits}`, label: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`.trim() };
}

/** "Kanpur, Uttar Pradesh"; empty for online events. */
export function place(event: { cityName?: string | null; stateName?: string | null }): string {
  return [event.cityName, event.stateName].filter(Boolean).join(", ");
}

/**
 * What is still ahead once registration has closed: "Finale on 3 Dec" for the next round to start,
 * "Finale under way" for one that has started and not ended; null when every round is over.
 */
export function nextRoundLine(rounds: Round[], now: Date): string | null {
  const t = now.getTime();
  const ahead = rounds
    .filter((r) => new Date(r.endDate || r.startDate).getTime() > t)
    .sort((a, b) => new Date(a.startDate).getTime() - new Date(b.startDate).getTime())[0];
  if (!ahead) return null;
  return new Date(ahead.startDate).getTime() > t
    ? `${ahead.title} on ${formatDayMonthIST(ahead.startDate)}`
    : `${ahead.title} under way`;
}

export function eventPath(eventNumber: string): string {
  return `/event/${eventNumber}`;
}

/** The owner and admins of an event's team may edit it (SPEC-3 §1): the edit link shows to them. */
export function canEditEvent(event: { myRole?: string | null }): boolean {
  return event.myRole === "owner" || event.myRole === "admin";
}

export function editPath(event: { eventNumber: string; eventType: string | null }): string {
  return stepUrl(event.eventNumber, "step3", event.eventType);
}

/** An organiser's website as a safe outbound link: http(s) only, a bare host gets https://. */
export function externalUrl(url: string | null | undefined): string | null {
  const v = (url ?? "").trim();
  if (!v) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v.replace(/^\/+/, "")}`;
  try {
    const u = new URL(withScheme);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}
