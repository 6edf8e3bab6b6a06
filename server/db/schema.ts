import type { Generated, Insertable, Selectable, Updateable } from "kysely";
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
import type { CheckInDatabase } from "./schema-check-in";
import type { JudgingDatabase } from "./schema-judging";
import type { PaymentsDatabase } from "./schema-payments";
import type { QuizDatabase } from "./schema-quiz";
import type { ProfilesDatabase } from "./schema-profiles";
import type { RoundsDatabase } from "./schema-rounds";
import type { CreatedAt, Defaulted, JsonText, Key } from "./column-types";
import type {
  AnnouncementDaysTable,
  AnnouncementsTable,
  CertificatesTable,
  EventViewsTable,
  EventViewVisitorsTable,
  EventWinnersTable,
  JobsTable,
  JoinRequestsTable,
  RegistrationMembersTable,
  RegistrationsTable,
  ReminderSendsTable,
  RoundResultsTable,
  SavesTable,
  TeammateListingsTable,
  ViewSeedsTable,
} from "./schema-taking-part";
import type {
  EventActivityTable,
  EventOrganisersTable,
  OrganiserInvitesTable,
} from "./schema-team";
import type { CouponsTable, PaymentsTable } from "./schema-payments";

export type * from "./schema-taking-part";
export type * from "./schema-team";
export type * from "./schema-quiz";
export type * from "./schema-payments";
export type * from "./schema-profiles";
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
  /** The person's handle (SPEC-4 §5), also a row of `handles`; null until chosen. */
  handle: Defaulted<string | null>;
  /** 1: the public profile at /u/{handle} is shown; 0 (the default): 404 to everyone. */
  publicProfile: Defaulted<number>;
  /** 1: the daily mail of new events from organisations followed (the default), 0: off. */
  emailFollowing: Defaulted<number>;
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
  /** SPEC-4 §1: whole rupees; 0 is free. */
  fee: Defaulted<number>;
  feePer: Defaulted<"registration" | "person">;
  earlyFee: number | null;
  earlyUntil: string | null;
  upiId: string | null;
  payeeName: string | null;
  holdMinutes: Defaulted<number>;
  refundPolicy: string | null;
  gstin: string | null;
  /** The last receipt number's k (SPEC-4 §3), taken in the confirming transaction. */
  receiptCounter: Defaulted<number>;
  /** The organisation hosting it (SPEC-4 §4), whose owner and admins are its admins; or null. */
  orgId: Defaulted<number | null>;
}

export interface UploadsTable {
  /** The content hash: the same bytes are stored once. */
  key: Key;
  contentType: string;
  size: number;
  kind: string;
  createdAt: CreatedAt;
}

/** A file kept for its user after a refused form (migration 0010, `pending-uploads.ts`). */
export interface PendingUploadsTable {
  id: Key;
  userId: Key;
  /** logo, banner, brochure or avatar: the only field it may fill. */
  kind: Key;
  /** The stored file's key in `uploads`. */
  key: Key;
  fileName: Key;
  createdAt: CreatedAt;
  expiresAt: Key;
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
  /** Files to attach as JSON references (`MailAttachmentRef[]`), rendered when sent. */
  attachments: Generated<string | null>;
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

/**
 * A creation step's text fields kept when its save came after the session ended (issue 11):
 * found by the hash of the random token in the `utsav_stash` cookie, for one event and form.
 */
export interface FormStashesTable {
  tokenHash: Key;
  /** The ended session's user, when its row still existed; null when it was gone. */
  userId: Key<string | null>;
  eventNumber: Key;
  /** `step1`, `step2` or `step3-<section>`. */
  form: Key;
  fields: JsonText<[string, string][]>;
  createdAt: CreatedAt;
  expiresAt: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  userId: Key;
  message: string;
  rating: number | null;
  createdAt: CreatedAt;
}

export interface Database
  extends CheckInDatabase,
    RoundsDatabase,
    JudgingDatabase,
    QuizDatabase,
    PaymentsDatabase,
    ProfilesDatabase {
  users: UsersTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  events: EventsTable;
  uploads: UploadsTable;
  pendingUploads: PendingUploadsTable;
  mailOutbox: MailOutboxTable;
  rateLimits: RateLimitsTable;
  loginDevices: LoginDevicesTable;
  feedback: FeedbackTable;
  formStashes: FormStashesTable;
  eventViews: EventViewsTable;
  eventViewVisitors: EventViewVisitorsTable;
  viewSeeds: ViewSeedsTable;
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
  certificates: CertificatesTable;
  eventOrganisers: EventOrganisersTable;
  organiserInvites: OrganiserInvitesTable;
  eventActivity: EventActivityTable;
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
export type FormStashRow = Selectable<FormStashesTable>;
export type RegistrationRow = Selectable<RegistrationsTable>;
export type RegistrationMemberRow = Selectable<RegistrationMembersTable>;
export type JoinRequestRow = Selectable<JoinRequestsTable>;
export type TeammateListingRow = Selectable<TeammateListingsTable>;
export type JobRow = Selectable<JobsTable>;
export type CertificateRow = Selectable<CertificatesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type CouponRow = Selectable<CouponsTable>;
