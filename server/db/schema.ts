import type { Generated, Insertable, Selectable, Updateable } from "kysely";

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

export interface CertificatesTable {
  /** 128 random bits, base64url (22 characters): the verification link. */
  id: string;
  eventId: number;
  eventNumber: string;
  userId: string;
  registrationId: string | null;
  kind: "participation" | "merit";
  /** The prize rank for merit; 0 for participation. */
  rank: number;
  recipientName: string;
  eventName: string;
  organisationName: string;
  /** Storage key of the event's logo at issue time. */
  eventLogo: string | null;
  issuedAt: string;
  revokedAt: string | null;
  /** Storage key of the rendered PDF, once made. */
  pdfKey: string | null;
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
  certificates: CertificatesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
export type EventUpdate = Updateable<EventsTable>;
export type CertificateRow = Selectable<CertificatesTable>;
