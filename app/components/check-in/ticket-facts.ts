import type { EventData, Round } from "#server/contracts/event-shape";
import { place } from "#app/components/events/format";

/** When and where a ticket is for: the day people come to the venue, not an online round's. */
export interface TicketWhen {
  date: string | null;
  /** The round that day is of ('Finale'), when the event has more than one. */
  roundTitle: string | null;
  place: string;
}

/**
 * The venue round (issue 45): of the rounds held at the venue (`kind` "offline"), the first that
 * has not ended by `now`, else the last one. An event with none has no venue date: its first
 * round may be an online submission, and the event's own dates are its registration window.
 */
export function venueRound(rounds: Round[], now: Date): Round | null {
  const atVenue = rounds
    .filter((r) => r.kind === "offline" && r.startDate)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  const ahead = atVenue.find((r) => Date.parse(r.endDate || r.startDate) > now.getTime());
  return ahead ?? atVenue.at(-1) ?? null;
}

export function ticketWhen(event: EventData | null, now: Date): TicketWhen {
  if (!event) return { date: null, roundTitle: null, place: "" };
  const round = venueRound(event.rounds ?? [], now);
  return {
    date: round?.startDate ?? null,
    roundTitle: round && (event.rounds ?? []).length > 1 ? round.title || null : null,
    place:
      [event.locationName, place(event)].filter(Boolean).join(", ") || (event.modeOfEvent ?? ""),
  };
}
