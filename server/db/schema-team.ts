import type { CreatedAt, Generated, Key } from "./column-types";

// Tables of SPEC-3 §1 (the organising team). The Database interface that names them is in schema.ts.

/** Admins, judges and volunteers of an event (the owner is the event's `madeBy`, no row). */
export interface EventOrganisersTable {
  eventId: Key<number>;
  userId: Key;
  /** "admin" | "judge" | "volunteer" */
  role: string;
  joinedAt: CreatedAt;
}

/** An invitation: pending while neither accepted nor cancelled; one pending per event and address. */
export interface OrganiserInvitesTable {
  id: Key;
  eventId: Key<number>;
  /** Lower-cased. */
  email: Key;
  role: string;
  tokenHash: Key;
  invitedBy: Key;
  invitedAt: CreatedAt;
  expiresAt: string;
  cancelledAt: string | null;
  acceptedAt: string | null;
}

/** The team's activity log, written in the transaction of each write. */
export interface EventActivityTable {
  id: Generated<number>;
  eventId: Key<number>;
  at: CreatedAt;
  actorId: Key;
  actorRole: string;
  action: string;
  summary: string;
}
