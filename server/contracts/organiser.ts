import { z } from "./zod";
import { AUDIENCES, type Audience, AUDIENCE_REQUIRED } from "./audiences";
export { AUDIENCES, type Audience, AUDIENCE_LABELS, AUDIENCE_REQUIRED } from "./audiences";

/** SPEC-2 §4's messages, to the letter where the spec gives them. */
export const TITLE_REQUIRED = "Title is required";
export const MESSAGE_REQUIRED = "Message is required";
export const TOO_MANY_ANNOUNCEMENTS = "Too many announcements today";
export const ANNOUNCEMENTS_PER_DAY = 5;
export const HAS_REGISTRATIONS =
  "Events with registrations cannot be deleted: unpublish it instead";
export const NOT_YOUR_EVENT = "Only the organiser of this event can do that";
export const ROUND_NOT_FOUND = "Round not found";
export const NOT_A_REGISTRATION = "Only registrations of this event can advance";
export const NOT_ADVANCED = "Only those who advanced from the previous round can advance";
export const NOT_A_PRIZE_RANK = "Winners can be picked only for the event's prize ranks";
export const NOT_A_WINNER = "Only registrations of this event can win";
export const ONE_PRIZE_EACH = "A registration can win only one prize";
export const REGISTRATIONS_PAGE_SIZE = 50;

const text = (required: string, min: number, max: number, maxLabel: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, `Minimum ${min} characters required`)
    .max(max, `Maximum ${maxLabel} characters`);

export const ANNOUNCEMENT_NOT_FOUND = "Update not found";
/** POST /event/{n}/close-registration before the window opens (issue 45). */
export const NOT_OPEN_YET = "Registration has not opened yet: unpublish the event instead";

/** POST /event/{n}/announcements/{id}: the text of a posted update; it is not mailed again. */
export const announcementEditSchema = z.object({
  title: text(TITLE_REQUIRED, 3, 100, "100"),
  message: text(MESSAGE_REQUIRED, 10, 2000, "2,000"),
});

/** POST /event/{n}/announcements: plain text, shown as text and mailed as text. */
export const announcementSchema = announcementEditSchema.extend({
  audience: z.enum(AUDIENCES, { error: AUDIENCE_REQUIRED }).default("all"),
});
export type AnnouncementInput = z.infer<typeof announcementSchema>;

/** One id or many: a form sends a repeated field, JSON an array; none checked is an empty list. */
const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().trim().min(1).max(100)).max(100_000),
);

/** POST /event/{n}/rounds/{index}/results */
export const resultsSchema = z.object({ advancing: idList });

/**
 * POST /event/{n}/winners: `[{ rank, registrationId }]`. A form sends `rank-{r}` selects instead,
 * which the web turns into this shape; an empty registrationId leaves that rank without a winner.
 */
export const winnersSchema = z.object({
  winners: z
    .array(
      z.object({
        rank: z.coerce.number({ error: NOT_A_PRIZE_RANK }).int(NOT_A_PRIZE_RANK),
        registrationId: z.string().trim().max(100).optional().default(""),
      }),
    )
    .max(100),
});
export type WinnersInput = z.infer<typeof winnersSchema>;

export interface DailyPoint {
  /** India calendar day, "2026-11-21". */
  day: string;
  count: number;
}
export interface Series {
  total: number;
  daily: DailyPoint[];
}
/** GET /event/{n}/insights */
export interface Insights {
  views: Series;
  saves: Series;
  registrations: Series;
  completeTeams: Series;
  incompleteTeams: Series;
  /** SPEC-3 §5: people checked in, and per India hour (`2026-11-21T12:00+05:30`) with any. */
  checkedIn: { total: number; hourly: { hour: string; count: number }[] };
  /** SPEC-4 §3: rupees of the payments now "paid"; null for an event that never took a fee. */
  collected: number | null;
}

export interface Announcement {
  _id: number;
  title: string;
  message: string;
  createdAt: string;
  /** Who it was mailed to. */
  audience: Audience;
  /** When its text was last edited (null: never). */
  editedAt: string | null;
}

/** GET /event/{n}/announcement-audiences: how many people each audience mails. */
export type AudienceCounts = Record<Audience, number>;

/** Who advanced, as the public reads it: a team name, or "Asha V., IIT Delhi". */
export interface PublicEntrant {
  _id: string;
  name: string;
}
export interface RoundResult {
  index: number;
  title: string;
  advancing: PublicEntrant[];
}
/** GET /event/{n}/results: rounds with results saved, and the winners beside their prize ranks. */
export interface Results {
  rounds: RoundResult[];
  winners: (PublicEntrant & { rank: number })[];
}

export interface RegistrantItem {
  registrationId: string;
  userId: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phone: string;
  collegeName: string;
  course: string;
  registeredAt: string;
  teamName: string | null;
  isLeader: boolean;
  /** SPEC-4: the place waits for its payment (not registered yet; 'Paid' no in the CSV). */
  paymentPending: boolean;
}
export interface RegistrationCounts {
  registrations: number;
  individuals: number;
  teams: number;
  completeTeams: number;
  incompleteTeams: number;
  people: number;
}
/** GET /event/{n}/registrations: one item per person, paged on the server. */
export interface RegistrationList {
  counts: RegistrationCounts;
  items: RegistrantItem[];
  total: number;
  page: number;
  limit: number;
}

/** A registration as the results and winners forms list it (a team once, by its name). */
export interface Entrant {
  _id: string;
  name: string;
  college: string | null;
  /** How many people it holds: each is mailed a result or a prize. */
  people: number;
}

/** GET /event/{n}/results/board (creator): what the results and winners forms offer. */
export interface ResultsBoard {
  rounds: {
    index: number;
    title: string;
    eliminator: boolean;
    saved: boolean;
    /** `mailed`: a result was saved (and mailed) for it; a save mails only new or changed ones. */
    entrants: (Entrant & { advanced: boolean; mailed: boolean })[];
  }[];
  entrants: Entrant[];
  winners: { rank: number; registrationId: string }[];
}
