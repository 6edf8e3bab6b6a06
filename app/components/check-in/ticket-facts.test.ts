import { describe, expect, it } from "vitest";
import type { EventData, Round } from "#server/contracts/event-shape";
import { ticketWhen, venueRound } from "./ticket-facts";

const round = (title: string, kind: Round["kind"], start: string, end: string): Round => ({
  _id: `rnd-${title}`,
  kind,
  requireFile: false,
  requireLink: false,
  title,
  description: "",
  startDate: start,
  endDate: end,
  isEliminatorRound: "false",
});

const ideas = round("Ideas", "submission", "2026-12-01T04:30:00Z", "2026-12-02T04:30:00Z");
const prelims = round("Prelims", "offline", "2026-12-05T04:30:00Z", "2026-12-05T12:30:00Z");
const finale = round("Finale", "offline", "2026-12-06T04:30:00Z", "2026-12-06T12:30:00Z");

describe("the ticket's day and place (issue 45)", () => {
  it("is the venue round's, never an online round's, the next one that has not ended", () => {
    const early = new Date("2026-11-20T00:00:00Z");
    expect(venueRound([ideas, finale, prelims], early)).toBe(prelims);
    expect(venueRound([ideas, finale, prelims], new Date("2026-12-05T20:00:00Z"))).toBe(finale);
    expect(venueRound([ideas, prelims], new Date("2026-12-09T00:00:00Z"))).toBe(prelims);
    expect(venueRound([ideas], early)).toBeNull();
  });

  it("names the round when there are several, and the place from the event", () => {
    const event = {
      rounds: [ideas, prelims],
      locationName: "Main Auditorium",
      cityName: "Pune",
      stateName: "Maharashtra",
      modeOfEvent: "Offline",
    } as EventData;
    expect(ticketWhen(event, new Date("2026-11-20T00:00:00Z"))).toEqual({
      date: prelims.startDate,
      roundTitle: "Prelims",
      place: "Main Auditorium, Pune, Maharashtra",
    });
    const online = { rounds: [ideas], modeOfEvent: "Online" } as EventData;
    expect(ticketWhen(online, new Date())).toEqual({
      date: null,
      roundTitle: null,
      place: "Online",
    });
  });
});
