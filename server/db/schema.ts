import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Column names follow SPEC §3 (camelCase) so rows map to API objects with little code.
 * Instants are ISO 8601 UTC strings (`…Z`): they sort as text and read the same on SQLite and PostgreSQL.
 * Lists (contacts, dates, rounds, prizes) are JSON text.
 */
export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string | null;
  emailVerifiedAt: string | null;
  firstName: string;
  lastName: string | null;
  gender: string | null;
  course: string | null;
  courseSpecialisation: string | null;
  collegeName: string | null;
  location: string | null;
  profileImg: string | null;
  googleSub: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  tokenHash: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
}

export interface TokensTable {
  tokenHash: string;
  userId: string;
  purpose: "verify" | "reset";
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface EventsTable {
  id: Generated<number>;
  eventNumber: string;
  madeBy: string;
  status: "draft" | "active";
  version: number;
  eventType: string | null;
  eventName: string | null;
  organisationName: string | null;
  festivalName: string | null;
  eventWebsite: string | null;
  modeOfEvent: string | null;
  countryName: string | null;
  stateName: string | null;
  cityName: string | null;
  locationName: string | null;
  aboutEvent: string | null;
  participationType: string | null;
  minTeam: number | null;
  maxTeam: number | null;
  startDate: string | null;
  endDate: string | null;
  contactDetails: string | null;
  importantDates: string | null;
  eventBrochureTitle: string | null;
  eventBrochure: string | null;
  eventLogo: string | null;
  eventBanner: string | null;
  rounds: string | null;
  prizes: string | null;
  /** Cash of the rank-1 prize, kept beside `prizes` so cards need no JSON. */
  firstPrize: number | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  /** "utsav": register here; "website": the organiser's site (SPEC-2 §1). Existing events with a website read "website". */
  registrationMode: ColumnType<"utsav" | "website", "utsav" | "website" | undefined>;
  /** The most individual registrations or teams; null means no limit. */
  capacity: number | null;
  /** Registrations (individuals or teams), moved only by guarded updates in the registering transaction. */
  registrationCount: ColumnType<number, number | undefined>;
}

export interface UploadsTable {
  key: string;
  contentType: string;
  size: number;
  kind: string;
  createdAt: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  nextAttemptAt: string;
  lockedUntil: string | null;
  sentAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface RateLimitsTable {
  key: string;
  windowStart: string;
  count: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  userId: string;
  message: string;
  rating: number | null;
  createdAt: string;
}

/**
 * Registrations (SPEC-2 §1): one row per individual registration or per team. Its `id` is the
 * registration `_id` every member's registration carries, and what results, winners and
 * certificates name. For an individual, `leaderId` is the registrant and `size` is 1.
 */
export interface RegistrationsTable {
  id: string;
  eventId: number;
  type: "individual" | "team";
  /** Team events only. */
  teamName: string | null;
  /** Team events only: 6 characters of JOIN_CODE_ALPHABET, unique per event. */
  code: string | null;
  /** Always one of the registration's members (a deferred foreign key). */
  leaderId: string;
  /** Members, kept by guarded updates: never above the event's maxTeam. */
  size: ColumnType<number, number | undefined>;
  createdAt: string;
}

/** One row per person registered: unique per (eventId, userId), so one registration per event. */
export interface RegistrationMembersTable {
  registrationId: string;
  eventId: number;
  userId: string;
  phone: string;
  collegeName: string;
  course: string;
  /** The person's `registeredAt`; the earliest member takes over from a leader who leaves. */
  joinedAt: string;
}

/** Requests to join a team (SPEC-2 §2); at most one pending per person and team. */
export interface JoinRequestsTable {
  id: string;
  eventId: number;
  registrationId: string;
  userId: string;
  message: string;
  phone: string;
  collegeName: string;
  course: string;
  status: "pending" | "accepted" | "declined";
  createdAt: string;
  decidedAt: string | null;
}

/** The teammates board: a person looking for a team (registrationId null) or a leader's team. */
export interface TeammateListingsTable {
  eventId: number;
  userId: string;
  registrationId: string | null;
  pitch: string;
  postedAt: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  events: EventsTable;
  uploads: UploadsTable;
  mailOutbox: MailOutboxTable;
  rateLimits: RateLimitsTable;
  feedback: FeedbackTable;
  registrations: RegistrationsTable;
  registrationMembers: RegistrationMembersTable;
  joinRequests: JoinRequestsTable;
  teammateListings: TeammateListingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
export type EventUpdate = Updateable<EventsTable>;
export type RegistrationRow = Selectable<RegistrationsTable>;
export type RegistrationMemberRow = Selectable<RegistrationMembersTable>;
export type JoinRequestRow = Selectable<JoinRequestsTable>;
export type TeammateListingRow = Selectable<TeammateListingsTable>;
