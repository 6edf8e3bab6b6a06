/**
 * Which constraint a write broke, read the same way from better-sqlite3 and pg errors, so services
 * can turn the database's refusal into the spec's message.
 */
export interface Violation {
  kind: "unique" | "check" | "foreign";
  /** PostgreSQL: the constraint's name; SQLite: the message (it names the columns). */
  detail: string;
}

export function constraintViolation(err: unknown): Violation | null {
  const e = err as { code?: string; message?: string; constraint?: string };
  const detail = e?.constraint ?? e?.message ?? "";
  switch (e?.code) {
    case "23505":
    case "SQLITE_CONSTRAINT_UNIQUE":
    case "SQLITE_CONSTRAINT_PRIMARYKEY":
      return { kind: "unique", detail };
    case "23514":
    case "SQLITE_CONSTRAINT_CHECK":
      return { kind: "check", detail };
    case "23503":
    case "SQLITE_CONSTRAINT_FOREIGNKEY":
      return { kind: "foreign", detail };
    default:
      return null;
  }
}
