import type { CreatedAt, Defaulted, Generated, Key } from "./column-types";

// Tables of SPEC-2 (taking part in events): saves and reminder jobs (§3), views, announcements,
// results and winners (§4), registrations and teams (§1, §2), certificates (§5). The Database
// interface that names them all is in schema.ts.

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

/** SPEC-2 §4: views of an event page per India day, written in batches by the view counter. */
export interface EventViewsTable {
  eventId: number;
  day: string;
  views: number;
}

/** Who was counted, per event and India day (0019): today's and yesterday's rows only. */
export interface EventViewVisitorsTable {
  eventId: number;
  day: string;
  visitor: number;
}

/** The seeds of a day's visitor hash, shared by every process (0019). */
export interface ViewSeedsTable {
  day: string;
  seedA: number;
  seedB: number;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  eventId: number;
  title: string;
  message: string;
  createdAt: string;
  /** Who it was mailed to: "all", "running" or "checked-in" (0023). */
  audience: Defaulted<string>;
  editedAt: string | null;
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
  /** SPEC-4: 1 while none of its members' places is free or paid (all held for payment). */
  held: Defaulted<number>;
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
  /** SPEC-4: 1 while this place waits for its payment: it counts against capacity, not as registered. */
  held: Defaulted<number>;
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

export interface CertificatesTable {
  /** 128 random bits, base64url (22 characters): the verification link. */
  id: Key;
  eventId: Key<number>;
  eventNumber: Key;
  userId: Key;
  registrationId: string | null;
  kind: Key<"participation" | "merit">;
  /** The prize rank for merit; 0 for participation. */
  rank: Key<number>;
  recipientName: string;
  eventName: string;
  organisationName: string;
  /** Storage key of the event's logo at issue time. */
  eventLogo: string | null;
  issuedAt: CreatedAt;
  revokedAt: string | null;
  /** Storage key of the rendered PDF, once made. */
  pdfKey: string | null;
}
