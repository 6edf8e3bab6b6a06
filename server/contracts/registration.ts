/**
 * Requests and answers of registration, teams and the teammates board (SPEC-2 §1, §2), with the
 * spec's messages to the letter. The registration details reuse the profile's rules (college,
 * course) and the contacts' phone rule, so a profile that saves also prefills a valid form.
 */
import { couponCodeSchema, type PaymentData } from "./payments";
import type { Role } from "./team-roles";
import { z } from "./zod";
import { contactSchema, MIN_3 } from "./event-fields";
import { type ClosedReason, REGISTRATION_MESSAGES as M } from "./registration-fields";
import { profileSchema } from "./user";

export * from "./registration-fields";

/** Asked of every registrant, prefilled from the profile. */
export const registrationDetails = {
  phone: contactSchema.shape.number,
  collegeName: profileSchema.shape.collegeName,
  course: profileSchema.shape.course,
};
export const detailsSchema = z.object(registrationDetails);
export type RegistrationDetails = z.infer<typeof detailsSchema>;

/** GET /my/registration-details: what the caller gave at their latest registration (issue 45). */
export interface LastDetails {
  phone: string;
  collegeName: string;
  course: string;
}

export const teamNameSchema = z
  .string({ error: M.teamNameRequired })
  .trim()
  .min(1, { error: M.teamNameRequired, abort: true })
  .min(3, MIN_3)
  .max(40, M.teamNameMax);

/** POST /event/{n}/register: the details, and the team's name for team events. */
export function registerSchema(team: boolean) {
  // SPEC-4 §1: an optional coupon on a paid event (checked by the service).
  return team
    ? z.object({ ...registrationDetails, teamName: teamNameSchema, coupon: couponCodeSchema })
    : z.object({
        ...registrationDetails,
        teamName: z.string().optional(),
        coupon: couponCodeSchema,
      });
}
export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;

/** Any case, spaces around ignored. */
export const joinCodeSchema = z
  .string({ error: M.codeRequired })
  .trim()
  .toUpperCase()
  .min(1, M.codeRequired)
  .max(20, M.teamNotFound);

/** POST /event/{n}/team/join. */
export const joinSchema = z.object({
  code: joinCodeSchema,
  ...registrationDetails,
  coupon: couponCodeSchema,
});
export type JoinInput = z.infer<typeof joinSchema>;

/** POST /event/{n}/team/remove. */
export const removeSchema = z.object({
  userId: z.string({ error: M.notMember }).trim().min(1, M.notMember).max(64, M.notMember),
});

/**
 * An e-mail address (also written "name at gmail dot com") or a phone number (ten digits or
 * more, spaces, dots or dashes between them allowed): SPEC-2 §2 shows neither on the board.
 */
const CONTACT_PATTERNS = [
  // Only the character next to "@" or "at" is matched, not the whole name before it: a "+" there
  // made each test quadratic in the text (minutes on a long pasted text).
  /[^\s@]@[^\s@]+\.[a-z]{2,}/i,
  /\w[.+-]*\s*(?:\(at\)|\[at\]|\sat\s)\s*[\w-]+\s*(?:\(dot\)|\[dot\]|\sdot\s)\s*(?:com|in|org|net|co|edu)\b/i,
  /\d(?:[ .-]?\d){9,}/,
];
export const hasContact = (text: string) => CONTACT_PATTERNS.some((p) => p.test(text));

/** POST /event/{n}/teammates. */
export const pitchSchema = z.object({
  pitch: z
    .string({ error: M.pitchRequired })
    .trim()
    .min(1, { error: M.pitchRequired, abort: true })
    .min(10, M.pitchMin)
    .max(280, { error: M.pitchMax, abort: true })
    .refine((pitch) => !hasContact(pitch), M.pitchContact),
});

/** POST /event/{n}/team/{teamId}/requests: a note to the leader, and the details to join with. */
export const joinRequestSchema = z.object({
  message: z.string().trim().max(280, M.messageMax).optional(),
  ...registrationDetails,
});
export type JoinRequestInput = z.infer<typeof joinRequestSchema>;

// ---- Answers ----------------------------------------------------------------------------------

export interface TeamMemberData {
  _id: string;
  firstName: string;
  lastName: string | null;
  collegeName: string;
  isLeader: boolean;
  /** SPEC-4: this member's place waits for a payment ('Payment pending'). */
  paymentPending: boolean;
}

export interface TeamData {
  _id: string;
  name: string;
  /** Shown to the team's members only; null to anyone else. */
  code: string | null;
  leaderId: string;
  members: TeamMemberData[];
  size: number;
  minTeam: number;
  maxTeam: number;
  complete: boolean;
}

export interface RegistrationData {
  /** The registration's id: the team's for every member of a team. */
  _id: string;
  type: "individual" | "team";
  phone: string;
  collegeName: string;
  course: string;
  registeredAt: string;
  /** SPEC-4 §2: the payment holding this place; null when free. */
  payment: PaymentData | null;
  team: TeamData | null;
}

export interface RegistrationState {
  open: boolean;
  reason: ClosedReason | null;
  registrationCount: number;
  capacity: number | null;
  mine: RegistrationData | null;
  /** Signed in, the viewer's role on the event's team (SPEC-3 §1), else null. */
  myRole?: Role | null;
}

export interface PersonListing {
  userId: string;
  firstName: string;
  lastName: string | null;
  collegeName: string | null;
  course: string | null;
  pitch: string;
  postedAt: string;
}

export interface TeamListing {
  _id: string;
  name: string;
  size: number;
  maxTeam: number;
  leaderFirstName: string;
  collegeName: string;
  pitch: string;
  postedAt: string;
}

export interface TeammatesBoard {
  people: PersonListing[];
  teams: TeamListing[];
  /** Teams the caller has asked to join and not heard back from (not in SPEC-2's answer). */
  requested: string[];
}

export interface JoinRequestData {
  _id: string;
  teamId: string;
  userId: string;
  firstName: string;
  lastName: string | null;
  collegeName: string;
  course: string;
  message: string;
  status: "pending" | "accepted" | "declined";
  createdAt: string;
}
