import type { Selectable } from "kysely";
import type { CreatedAt, Generated, Key } from "./column-types";

/**
 * The one namespace of handles (SPEC-4 §4, §5; migration 0027): a row per handle taken, pointing
 * at a user or an organisation. Its primary key is what makes a handle taken once.
 */
export interface HandlesTable {
  handle: Key;
  userId: Key<string | null>;
  orgId: Key<number | null>;
  createdAt: CreatedAt;
}

/** An organisation (SPEC-4 §4; migration 0028). Its handle is also a row of `handles`. */
export interface OrganisationsTable {
  id: Generated<number>;
  handle: Key;
  name: string;
  college: string;
  city: string;
  about: string | null;
  /** Storage key of the logo (as event logos). */
  logo: string | null;
  website: string | null;
  instagram: string | null;
  /** The college domain an admin proved by a mailed link; cleared when `college` changes. */
  verifiedDomain: string | null;
  ownerId: string;
  createdAt: CreatedAt;
  updatedAt: string;
}

export interface OrgAdminsTable {
  orgId: Key<number>;
  userId: Key;
  addedAt: CreatedAt;
}

/** One row per follower: following twice is the same row, so counts are exact. */
export interface OrgFollowsTable {
  orgId: Key<number>;
  userId: Key;
  createdAt: CreatedAt;
}

/** An invitation to administer an organisation (migration 0031); only the token's hash is kept. */
export interface OrgInvitesTable {
  id: Key;
  orgId: Key<number>;
  /** Lower-cased. */
  email: Key;
  tokenHash: Key;
  invitedBy: Key;
  invitedAt: CreatedAt;
  expiresAt: string;
  cancelledAt: string | null;
  acceptedAt: string | null;
}

/** A mailed link proving a college address (migration 0031); `usedAt` once opened. */
export interface OrgVerificationsTable {
  tokenHash: Key;
  orgId: Key<number>;
  userId: Key;
  email: Key;
  domain: Key;
  /** The organisation's college when asked: a link outlived by a change of college does nothing. */
  college: Key;
  createdAt: CreatedAt;
  expiresAt: string;
  usedAt: string | null;
}

/** One row per person and India day a followers' digest was queued (migration 0031). */
export interface DigestSendsTable {
  userId: Key;
  day: Key;
  sentAt: CreatedAt;
}

export interface ProfilesDatabase {
  handles: HandlesTable;
  organisations: OrganisationsTable;
  orgAdmins: OrgAdminsTable;
  orgFollows: OrgFollowsTable;
  orgInvites: OrgInvitesTable;
  orgVerifications: OrgVerificationsTable;
  digestSends: DigestSendsTable;
}

export type HandleRow = Selectable<HandlesTable>;
export type OrganisationRow = Selectable<OrganisationsTable>;
