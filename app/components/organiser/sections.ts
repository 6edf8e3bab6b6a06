/**
 * The organiser page's sections (issue 45): /my/event/{n}?section={id}, one at a time, each its own
 * URL that works without JavaScript. No `section` is the overview. The section's data is all the
 * loader fetches. Check-in is its own page (/my/event/{n}/check-in), linked from the same menu.
 * Quiz is listed for events with a quiz round, Coupons for paid events (SPEC-4 §1).
 */
export const SECTIONS = [
  { id: "overview", label: "Overview" },
  { id: "registrations", label: "Registrations" },
  { id: "coupons", label: "Coupons" },
  { id: "rounds", label: "Rounds & results" },
  { id: "judging", label: "Judging" },
  { id: "quiz", label: "Quiz" },
  { id: "check-in", label: "Check-in" },
  { id: "updates", label: "Updates" },
  { id: "certificates", label: "Certificates" },
  { id: "team", label: "Team" },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

const IDS = new Set<string>(SECTIONS.map((s) => s.id));

/**
 * The section a URL asks for: `section` when it names one; else the one its other parameters belong
 * to (links and GET forms that predate sections, e.g. `?q=` of the registrants search, `?top=` of
 * judging's 'Advance top N'), else the overview.
 */
export function sectionOf(url: URL): SectionId {
  const p = url.searchParams;
  const named = p.get("section") ?? "";
  if (IDS.has(named) && named !== "check-in") return named as SectionId;
  if (p.has("top")) return "judging";
  if (p.has("edit")) return "updates";
  if (p.has("q") || p.has("page")) return "registrations";
  if (p.has("round") || p.has("pick") || p.has("sround") || p.has("sq")) return "rounds";
  if (p.has("before")) return "team";
  return "overview";
}

/** The URL of one section ('#…' scrolls to a part of it), e.g. `/my/event/12?section=updates`. */
export function sectionHref(
  eventNumber: string,
  section: SectionId,
  params: Record<string, string> = {},
  hash = "",
): string {
  if (section === "check-in") return `/my/event/${eventNumber}/check-in`;
  const search = new URLSearchParams({
    ...(section === "overview" ? {} : { section }),
    ...params,
  }).toString();
  return `/my/event/${eventNumber}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}

/** Where an action posted from a section goes back to: the same section, without its search. */
export function backTo(request: Request, eventNumber: string, hash = ""): string {
  return sectionHref(eventNumber, sectionOf(new URL(request.url)), {}, hash);
}
