/** Calendar links of the event page (SPEC-2 §3): the .ics download and Google Calendar's form. */

export function icsPath(eventNumber: string): string {
  return `/api/v1/event/${eventNumber}/calendar.ics`;
}

/** "2026-11-26T18:29:00.000Z" → "20261126T182900Z", the form Google Calendar reads. */
function compactUtc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Google Calendar's "add event" page, filled with the registration deadline. */
export function googleDeadlineUrl(
  event: { eventNumber: string; eventName: string | null; endDate: string | null },
  appUrl: string,
): string | null {
  if (!event.endDate || Number.isNaN(Date.parse(event.endDate))) return null;
  // The half hour that ends at the deadline, as the .ics has it (server/services/saves/calendar.ts).
  const end = compactUtc(event.endDate);
  const start = compactUtc(new Date(Date.parse(event.endDate) - 30 * 60_000).toISOString());
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: `Registration closes: ${event.eventName ?? "Event"}`,
    dates: `${start}/${end}`,
    details: `${appUrl}/event/${event.eventNumber}`,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
