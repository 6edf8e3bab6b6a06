import ical, { ICalAlarmType, type ICalCalendar } from "ical-generator";
import { formatDateTimeIST } from "#server/contracts/dates";
import type { EventRow } from "#server/db/schema";

/**
 * Calendars (RFC 5545) written by ical-generator, which does the escaping, line folding and UTC
 * times. Every deadline and date of an event is one entry whose UID is built from the event's
 * number and the entry's place, so downloading again (or the feed refreshing) updates entries in
 * the person's calendar instead of adding copies.
 *
 * A deadline or a date is a moment, but an entry with no end (RFC 5545 3.6.1 allows it) is shown
 * by some apps as nothing at all or as a hairline, and an end equal to the start is not allowed
 * (DTEND must be later). So every moment is a 30-minute block: a deadline's block ends at the
 * deadline (the time it shows is never later than the real one), an opening's or a date's block
 * starts at it. Its description gives the exact time.
 */
const DAY_SECONDS = 24 * 60 * 60;
const BLOCK_MS = 30 * 60_000;
const before = (d: Date) => new Date(d.getTime() - BLOCK_MS);
const after = (d: Date) => new Date(d.getTime() + BLOCK_MS);

interface Round {
  title?: string;
  description?: string;
  startDate?: string | null;
  endDate?: string | null;
}
interface ImportantDate {
  dateTitle?: string;
  date?: string | null;
}

type CalendarEvent = Pick<
  EventRow,
  | "eventNumber"
  | "eventName"
  | "startDate"
  | "endDate"
  | "rounds"
  | "importantDates"
  | "updatedAt"
  | "version"
>;

function list<T>(json: string | null): T[] {
  try {
    const v = json ? JSON.parse(json) : [];
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function newCalendar(name: string): ICalCalendar {
  return ical({
    name,
    prodId: { company: "Utsav", product: "Utsav", language: "EN" },
    // A hint to calendar apps subscribed to the feed: look again every few hours.
    ttl: 6 * 60 * 60,
  });
}

/** Adds the entries of one event: deadline (with an alarm a day before), opening, rounds, dates. */
export function addEventEntries(
  cal: ICalCalendar,
  event: CalendarEvent,
  appUrl: string,
  now: Date,
): void {
  const name = event.eventName ?? "Event";
  const url = `${appUrl}/event/${event.eventNumber}`;
  const host = new URL(appUrl).hostname;
  const uid = (part: string) => `utsav-${event.eventNumber}-${part}@${host}`;
  // DTSTAMP is the event's last change, not the download time: the same event, the same file.
  const stamp = new Date(event.updatedAt);
  // SEQUENCE grows with every save of the event, so an imported copy takes a moved date.
  const base = { stamp, url, sequence: event.version, description: `${name}\n${url}` };

  const closes = valid(event.endDate);
  if (closes) {
    cal.createEvent({
      ...base,
      id: uid("registration-closes"),
      start: before(closes),
      end: closes,
      summary: `Registration closes: ${name}`,
      description: `Registration closes at ${formatDateTimeIST(closes.toISOString())}.\n${base.description}`,
      // A day before the deadline itself (the trigger counts from the block's start).
      alarms: [
        {
          type: ICalAlarmType.display,
          trigger: DAY_SECONDS - BLOCK_MS / 1000,
          description: name,
        },
      ],
    });
  }
  const opens = valid(event.startDate);
  if (opens && opens > now) {
    cal.createEvent({
      ...base,
      id: uid("registration-opens"),
      start: opens,
      end: after(opens),
      summary: `Registration opens: ${name}`,
    });
  }
  list<Round>(event.rounds).forEach((round, i) => {
    const start = valid(round.startDate);
    if (!start) return;
    const end = valid(round.endDate);
    cal.createEvent({
      ...base,
      id: uid(`round-${i + 1}`),
      start,
      end: end && end > start ? end : after(start),
      summary: `${round.title ?? `Round ${i + 1}`}: ${name}`,
      description: `${round.description ?? ""}\n\n${name}\n${url}`.trim(),
    });
  });
  list<ImportantDate>(event.importantDates).forEach((date, i) => {
    const at = valid(date.date);
    if (!at) return;
    cal.createEvent({
      ...base,
      id: uid(`date-${i + 1}`),
      start: at,
      end: after(at),
      summary: `${date.dateTitle ?? "Important date"}: ${name}`,
    });
  });
}

/** RFC 5545 3.1: every line ends in CRLF, the last one (END:VCALENDAR) too. */
function withFinalLineBreak(text: string): string {
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

/** One event's calendar file. */
export function eventCalendar(event: CalendarEvent, appUrl: string, now: Date): string {
  const cal = newCalendar(event.eventName ?? "Event");
  addEventEntries(cal, event, appUrl, now);
  return withFinalLineBreak(cal.toString());
}

/** A person's feed: every event they saved or registered for. */
export function feedCalendar(events: CalendarEvent[], appUrl: string, now: Date): string {
  const cal = newCalendar("Utsav: my events");
  for (const event of events) addEventEntries(cal, event, appUrl, now);
  return withFinalLineBreak(cal.toString());
}

/** An organisation's feed (SPEC-4 §4): its published events, entries as a person's feed has them. */
export function orgCalendar(
  orgName: string,
  events: CalendarEvent[],
  appUrl: string,
  now: Date,
): string {
  const cal = newCalendar(`${orgName} on Utsav`);
  for (const event of events) addEventEntries(cal, event, appUrl, now);
  return withFinalLineBreak(cal.toString());
}
