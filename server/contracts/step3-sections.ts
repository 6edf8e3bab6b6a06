/**
 * Step 3 of hosting without its schemas (decision 037): the sections' names, endpoints and titles,
 * the dates a section saved before (`savedDates`) and a new round's defaults. Free of Zod, so the
 * step-2 and step-3 pages read it up front; `event-step3.ts` adds each section's schema and
 * re-exports all of it for the server.
 */
import type { EventData } from "./event-shape";

/**
 * The step-3 sections, in the order of the left panel (SPEC §2): the `?section=` name, the last
 * part of its API path (SPEC §7), the titles in the left panel and on the side panel, and whether
 * the API call is multipart (and which fields travel in it as JSON lists).
 */
export const STEP3_SECTION_INFO = [
  {
    id: "banner",
    endpoint: "eventBanner",
    title: "Event Banners & Theme",
    panel: "Event Banner",
    multipart: true,
    lists: [],
  },
  {
    id: "basic",
    endpoint: "basicdetails",
    title: "Basic Details & Registrations",
    panel: "Basic Details & Registration",
    multipart: true,
    lists: [],
  },
  {
    id: "rounds",
    endpoint: "rounds",
    title: "Rounds & Timeline",
    panel: "Rounds Details Form",
    multipart: false,
    lists: [],
  },
  {
    id: "about",
    endpoint: "aboutEvent",
    title: "About The Event",
    panel: "About Event",
    multipart: false,
    lists: [],
  },
  {
    id: "prizes",
    endpoint: "prizes",
    title: "Prizes",
    panel: "Prizes",
    multipart: false,
    lists: [],
  },
  {
    id: "dates",
    endpoint: "importantDate",
    title: "Important Dates, Contact & Manuals",
    panel: "Important Dates with Important Contact and Brochure",
    multipart: true,
    lists: ["importantDates", "contactDetails"],
  },
] as const;

export type Step3SectionId = (typeof STEP3_SECTION_INFO)[number]["id"];

export function isStep3Section(value: unknown): value is Step3SectionId {
  return STEP3_SECTION_INFO.some((s) => s.id === value);
}

/** The titles and endpoint of one section. */
export function step3SectionInfo(id: Step3SectionId): (typeof STEP3_SECTION_INFO)[number] {
  return STEP3_SECTION_INFO.find((s) => s.id === id)!;
}

/**
 * The dates of a section as saved before, for its past-date rule: the rounds' start dates, the
 * important dates. The server reads them from the stored event; the form from the loaded one.
 */
export function savedDates(
  id: Step3SectionId,
  event: Pick<EventData, "rounds" | "importantDates">,
): string[] {
  if (id === "rounds") return event.rounds.map((r) => r.startDate);
  if (id === "dates") return event.importantDates.map((d) => d.date);
  return [];
}

export const ELIMINATOR_VALUES = ["true", "false"] as const;
export const NEW_ROUND = {
  title: "Offline Round",
  description:
    "This is an offline round held at the venue. Teams report on time and press the Enter button to start.",
  isEliminatorRound: "true",
  kind: "offline",
} as const;
