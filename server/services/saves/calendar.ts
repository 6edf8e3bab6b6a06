import ical, { ICalAlarmType, type ICalCalendar } from "ical-generator";
import type { EventRow } from "#server/db/schema";

/**
 * Calendars (RFC 5545) written by ical-generator, which does the escaping, line folding and UTC
 * times. Every deadline and date of an event is one entry whose UID is built from the event's
 * number and the entry's place, so downloading again (or the feed refreshing) updates entries in
 * the person's calendar instead of adding copies. A deadline or a date is a moment: it has a
 * start and no end (RFC 5545 3.6.1), never an end equal to its start.
 */
const DAY_SECONDS = 24 * 60 * 60;

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
      start: closes,
      summary: `Registration closes: ${name}`,
      alarms: [{ type: ICalAlarmType.display, trigger: DAY_SECONDS, description: name }],
    });
  }
  const opens = valid(event.startDate);
  if (opens && opens > now) {
    cal.createEvent({
      ...base,
      id: uid("registration-opens"),
      start: opens,
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
      end: end && end > start ? end : null,
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
      summary: `${date.dateTitle ?? "Important date"}: ${name}`,
    });
  });
}

/** One event's calendar file. */
export function eventCalendar(event: CalendarEvent, appUrl: string, now: Date): string {
  const cal = newCalendar(event.eventName ?? "Event");
  addEventEntries(cal, event, appUrl, now);
  return cal.toString();
}

/** A person's feed: every event they saved or registered for. */
export function feedCalendar(events: CalendarEvent[], appUrl: string, now: Date): string {
  const cal = newCalendar("Utsav: my events");
  for (const event of events) addEventEntries(cal, event, appUrl, now);
  return cal.toString();
}
