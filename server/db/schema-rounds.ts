import type { Selectable } from "kysely";
import type { CreatedAt, Defaulted, Key } from "./column-types";

// Tables of SPEC-3 §2 (submission rounds), named in schema.ts's Database.

/**
 * A registration's submission to a round: one per (event, round, registration), written by one
 * upsert statement, so parallel saves by two members keep one row whose `version` counts both.
 */
export interface SubmissionsTable {
  /** 128 random bits, base64url: the submission `_id`. */
  id: Key;
  eventId: Key<number>;
  /** The round's stable `_id` (SPEC-3 §2), not its index. */
  roundId: Key;
  registrationId: Key;
  title: string;
  description: string;
  /** JSON text: up to 3 http(s) URLs. */
  links: string;
  /** The stored file (a storage key), its name as uploaded and its size; null without a file. */
  fileKey: string | null;
  fileName: string | null;
  fileSize: number | null;
  /** How many saves made it. */
  version: Defaulted<number>;
  /** The first save. */
  submittedAt: CreatedAt;
  updatedAt: string;
  /** The user id of the last save. */
  updatedBy: string;
}

export interface RoundsDatabase {
  submissions: SubmissionsTable;
}

export type SubmissionRow = Selectable<SubmissionsTable>;
