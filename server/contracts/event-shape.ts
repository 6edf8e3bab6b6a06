/**
 * The event object of the API (SPEC §3), as GET /event/details answers it and as the event page
 * and the step-3 preview render it. Files are URLs; instants are ISO UTC strings.
 */
export interface ContactDetail {
  name: string;
  number: string;
}
export interface ImportantDate {
  dateTitle: string;
  date: string;
}
/** SPEC-3 §2: what a round is. Every round made before part 3 is "offline". */
export type RoundKind = "offline" | "submission" | "quiz";
export const ROUND_KINDS = [
  "offline",
  "submission",
  "quiz",
] as const satisfies readonly RoundKind[];

export interface Round {
  /** Stable id (random, url-safe, 12+ characters): what submissions, quizzes and judging name. */
  _id: string;
  kind: RoundKind;
  /** Submission rounds only (false otherwise): a file, a link is required. */
  requireFile: boolean;
  requireLink: boolean;
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  isEliminatorRound: "true" | "false";
}
export interface Prize {
  rank: number;
  cashAmount: number;
}

/** SPEC-4 §4: the organisation hosting an event, as every event object names it. */
export interface EventOrg {
  handle: string;
  name: string;
  logo: string | null;
  /** Its college address was proved (`verifiedDomain` set). */
  verified: boolean;
}

export interface EventData {
  eventNumber: string;
  status: "draft" | "active";
  /** Optimistic-concurrency version: a save sends the version it was based on. */
  version: number;
  madeBy: string;
  /**
   * To its owner and admins only (SPEC-4 §4): published events at the same college whose dates
   * overlap this one's, 'Other events at {college} on these dates'. A warning, never a refusal.
   */
  clashes?: {
    eventNumber: string;
    eventName: string | null;
    orgHandle: string;
    orgName: string;
    startDate: string | null;
    endDate: string | null;
  }[];
  /** Signed in: the viewer's role on the event's team (SPEC-3 §1), null when none. */
  myRole?: "owner" | "admin" | "judge" | "volunteer" | null;
  eventType: string | null;
  eventName: string | null;
  organisationName: string | null;
  /** SPEC-4 §4: the hosting organisation, or null. */
  org: EventOrg | null;
  festivalName: string | null;
  eventWebsite: string | null;
  modeOfEvent: "Online" | "Offline" | null;
  countryName: string | null;
  stateName: string | null;
  cityName: string | null;
  locationName: string | null;
  aboutEvent: string | null;
  participationType: "individual" | "team" | null;
  minTeam: number | null;
  maxTeam: number | null;
  startDate: string | null;
  endDate: string | null;
  contactDetails: ContactDetail[];
  importantDates: ImportantDate[];
  eventBrochureTitle: string | null;
  eventBrochure: string | null;
  eventLogo: string | null;
  eventBanner: string | null;
  rounds: Round[];
  prizes: Prize[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** SPEC-2 §1: "utsav" (register here) or "website" (the organiser's site). */
  registrationMode: "utsav" | "website";
  /** The most individual registrations or teams; null is no limit. */
  capacity: number | null;
  /** Read-only: registrations so far (individuals or teams), held places included. */
  registrationCount: number;
  /** SPEC-4 §1: whole rupees; 0 is free. */
  fee: number;
  feePer: "registration" | "person";
  earlyFee: number | null;
  earlyUntil: string | null;
  upiId: string | null;
  payeeName: string | null;
  holdMinutes: number;
  refundPolicy: string | null;
  gstin: string | null;
  /** Read-only: what a new registrant pays now (the early-bird fee while it lasts); null when free. */
  currentFee: number | null;
}

/** What a card needs, and no more (lists read only these columns). */
export interface EventCardData {
  eventNumber: string;
  status: "draft" | "active";
  eventType: string | null;
  eventName: string | null;
  organisationName: string | null;
  eventLogo: string | null;
  endDate: string | null;
  firstPrize: number | null;
  modeOfEvent: string | null;
  festivalName: string | null;
  stateName: string | null;
  cityName: string | null;
  /** SPEC-4 §4: the hosting organisation, or null. */
  org: EventOrg | null;
}

/** A card of the organiser's own list (/my/event): also how many registered (SPEC-2 §1). */
export interface MyEventCardData extends EventCardData {
  registrationCount: number;
}
