import type { ColumnType, Generated } from "kysely";

/**
 * Column types shared by the table types (schema.ts and schema-taking-part.ts). They say what a
 * column holds when read, what an insert must give, and what an update may change:
 * - `CreatedAt` is given once on insert and never updated; keys (`Key`) likewise.
 * - `Defaulted<T>` has a database default: optional on insert.
 * - `JsonText<T>`: JSON *text* on both engines; the driver hands back a string, `T` documents it.
 */
export type CreatedAt = ColumnType<string, string, never>;
export type Key<T = string> = ColumnType<T, T, never>;
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
// biome-ignore lint/correctness/noUnusedVariables: T documents the JSON's shape.
export type JsonText<T> = string | null;
export type { Generated };
