import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { ContactDetail, ImportantDate, Prize, Round } from "#server/contracts/event-shape";

/**
 * Column names follow SPEC §3 (camelCase) so rows map to API objects with little code.
 * The types say what a column holds when read, what an insert must give, and what an update may
 * change (Kysely's Selectable / Insertable / Updateable below):
 * - Instants are ISO 8601 UTC strings (`…Z`): they sort as text and read the same on SQLite and
 *   PostgreSQL. `CreatedAt` is given once on insert and never updated.
 * - Keys a row is found by (`Key`) are given on insert and never updated.
 * - Lists (contacts, dates, rounds, prizes) are JSON *text* on both engines (`JsonText<T>`): the
 *   driver hands back a string, so the services parse and stringify; `T` documents the shape.
 */
type CreatedAt = ColumnType<string, string, never>;
type Key<T = string> = ColumnType<T, T, never>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** JSON text of a `T` (or null). Read as text, not as `T`: see above. */
// biome-ignore lint/correctness/noUnusedVariables: T documents the JSON's shape.
type JsonText<T> = string | null;
export interface UsersTable {
  id: Key;
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
  createdAt: CreatedAt;
  updatedAt: string;
  /** 1: reminder mails on (the default), 0: off. */
  emailReminders: Generated<number>;
  /** The personal calendar feed's secret (null until first asked for). */
  calendarToken: Generated<string | null>;
  /** The one-click unsubscribe link's secret (null until a reminder needs it). */
  unsubscribeToken: Generated<string | null>;
}

export interface SessionsTable {
  tokenHash: Key;
  userId: Key;
  expiresAt: string;
  createdAt: CreatedAt;
}

export interface TokensTable {
  tokenHash: Key;
  userId: Key;
  purpose: Key<"verify" | "reset">;
  expiresAt: string;
  usedAt: string | null;
  createdAt: CreatedAt;
}

export interface EventsTable {
  id: Generated<number>;
  eventNumber: Key;
  madeBy: Key;
  status: Defaulted<"draft" | "active">;
  /** Optimistic lock: every save must carry the version it read (starts at 1). */
  version: Defaulted<number>;
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
  contactDetails: JsonText<ContactDetail[]>;
  importantDates: JsonText<ImportantDate[]>;
  eventBrochureTitle: string | null;
  eventBrochure: string | null;
  eventLogo: string | null;
  eventBanner: string | null;
  rounds: JsonText<Round[]>;
  prizes: JsonText<Prize[]>;
  /** Cash of the rank-1 prize, kept beside `prizes` so cards need no JSON. */
  firstPrize: number | null;
  createdAt: CreatedAt;
  updatedAt: string;
  publishedAt: string | null;
  /** "utsav": register here; "website": the organiser's site (SPEC-2 §1). Existing events with a website read "website". */
  registrationMode: Defaulted<"utsav" | "website">;
  /** The most individual registrations or teams; null means no limit. */
  capacity: number | null;
  /** Registrations (individuals or teams), moved only by guarded updates in the registering transaction. */
  registrationCount: Defaulted<number>;
}

export interface UploadsTable {
  /** The content hash: the same bytes are stored once. */
  key: Key;
  contentType: string;
  size: number;
  kind: string;
  createdAt: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: Defaulted<number>;
  nextAttemptAt: string;
  lockedUntil: string | null;
  sentAt: string | null;
  lastError: string | null;
  createdAt: CreatedAt;
  /** Extra headers as JSON (List-Unsubscribe …). */
  headers: Generated<string | null>;
}

export interface SavesTable {
  userId: string;
  eventId: number;
  createdAt: string;
}

/** Work to do at a moment, claimed and retried like the outbox's mails (server/jobs/). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** Names the job: scheduling the same key again moves it. */
  key: string;
  payload: string;
  nextAttemptAt: string;
  /** Past this instant the job is skipped, not run late. */
  notAfter: string | null;
  attempts: Generated<number>;
  lockedUntil: string | null;
  doneAt: string | null;
  lastError: string | null;
  createdAt: string;
}

/** One row per reminder sent: person, event, kind and moment. */
export interface ReminderSendsTable {
  userId: string;
  eventId: number;
  kind: string;
  moment: string;
  createdAt: string;
}

export interface RateLimitsTable {
  key: Key;
  windowStart: string;
  count: number;
}

/** Where an account signed in before (hashed address or device cookie): see login-guard.ts. */
export interface LoginDevicesTable {
  userId: Key;
  deviceHash: Key;
  lastSeenAt: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  userId: Key;
  message: string;
  rating: number | null;
  createdAt: CreatedAt;
}

/** SPEC-2 §4: views of an event page per India day, written in batches by the view counter. */
export interface EventViewsTable {
  eventId: number;
  day: string;
  views: number;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  eventId: number;
  title: string;
  message: string;
  createdAt: string;
}

/** How many announcements an event made on a day (the per-day limit, held in the database). */
export interface AnnouncementDaysTable {
  eventId: number;
  day: string;
  count: number;
}

/** A registration's result in a round (1 advanced, 0 not), as last mailed. */
export interface RoundResultsTable {
  eventId: number;
  roundIndex: number;
  registrationId: string;
  advanced: number;
  updatedAt: string;
}

export interface EventWinnersTable {
  eventId: number;
  rank: number;
  registrationId: string;
  createdAt: string;
}

/**
 * Registrations (SPEC-2 §1): one row per individual registration or per team. Its `id` is the
 * registration `_id` every member's registration carries, and what results, winners and
 * certificates name. For an individual, `leaderId` is the registrant and `size` is 1.
 */
export interface RegistrationsTable {
  id: Key;
  eventId: Key<number>;
  type: "individual" | "team";
  /** Team events only. */
  teamName: string | null;
  /** Team events only: 6 characters of JOIN_CODE_ALPHABET, unique per event. */
  code: string | null;
  /** Always one of the registration's members (a deferred foreign key). */
  leaderId: string;
  /** Members, kept by guarded updates: never above the event's maxTeam. */
  size: Defaulted<number>;
  createdAt: CreatedAt;
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
  id: Key;
  eventId: Key<number>;
  registrationId: string;
  userId: string;
  message: string;
  phone: string;
  collegeName: string;
  course: string;
  status: "pending" | "accepted" | "declined";
  createdAt: CreatedAt;
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
  loginDevices: LoginDevicesTable;
  feedback: FeedbackTable;
  eventViews: EventViewsTable;
  announcements: AnnouncementsTable;
  announcementDays: AnnouncementDaysTable;
  roundResults: RoundResultsTable;
  eventWinners: EventWinnersTable;
  registrations: RegistrationsTable;
  registrationMembers: RegistrationMembersTable;
  joinRequests: JoinRequestsTable;
  teammateListings: TeammateListingsTable;
  saves: SavesTable;
  jobs: JobsTable;
  reminderSends: ReminderSendsTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
export type EventUpdate = Updateable<EventsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type TokenRow = Selectable<TokensTable>;
export type UploadRow = Selectable<UploadsTable>;
export type MailRow = Selectable<MailOutboxTable>;
export type NewMail = Insertable<MailOutboxTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
export type RegistrationRow = Selectable<RegistrationsTable>;
export type RegistrationMemberRow = Selectable<RegistrationMembersTable>;
export type JoinRequestRow = Selectable<JoinRequestsTable>;
export type TeammateListingRow = Selectable<TeammateListingsTable>;
export type JobRow = Selectable<JobsTable>;
