import type { Selectable } from "kysely";
import type { CreatedAt, Key } from "./column-types";

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

export interface ProfilesDatabase {
  handles: HandlesTable;
}

export type HandleRow = Selectable<HandlesTable>;
