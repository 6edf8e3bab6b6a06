/**
 * Pending uploads: a valid file that came with a refused form (or a reload such as "Add date") is
 * stored at once, through the same checks as any upload, and kept for its user for an hour. The
 * form comes back showing it as chosen, with its id in a hidden `{field}Pending` input; the next
 * submission names that id instead of the file. A newly picked file always wins over the id.
 * Expired rows are swept on write (each new pending upload deletes the expired ones first).
 */
import { PENDING_GONE } from "#server/contracts/constants";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { newPublicId } from "#server/lib/crypto";
import { badRequest } from "#server/lib/errors";
import { fileField, storeDocument, storeImage, storeSubmissionFile } from "./uploads";

export const PENDING_TTL_MS = 60 * 60 * 1000;
/** Files a user may have kept per hour (POST /uploads/pending). */
export const PENDING_RATE_LIMIT = { limit: 60, windowMs: 60 * 60 * 1000 };
export const PENDING_KINDS = ["logo", "banner", "brochure", "avatar", "submission"] as const;
export type PendingKind = (typeof PENDING_KINDS)[number];

/** The form field each kind fills; its pending id comes as `{field}Pending`. */
export const PENDING_FIELDS: Record<PendingKind, string> = {
  logo: "eventLogo",
  banner: "eventBanner",
  brochure: "eventBrochure",
  avatar: "profileImg",
  submission: "file",
};

type PendingDeps = Pick<Deps, "db" | "storage" | "clock">;

export function isPendingKind(kind: unknown): kind is PendingKind {
  return typeof kind === "string" && (PENDING_KINDS as readonly string[]).includes(kind);
}

/** A name safe to show: no path, no control characters, at most 100 characters. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.slice(0, 100) || "file";
}

/** Stores the file as a pending upload of `user`; answers its id and the name to show. */
export async function keepPendingUpload(
  deps: PendingDeps,
  user: UserRow,
  kind: PendingKind,
  file: File,
): Promise<{ id: string; fileName: string; kind: PendingKind; expiresAt: string }> {
  const key =
    kind === "brochure"
      ? await storeDocument(deps, file, "brochure")
      : kind === "submission"
        ? (await storeSubmissionFile(deps, file)).key
        : await storeImage(deps, file, kind);
  const now = deps.clock.now();
  await deps.db.deleteFrom("pendingUploads").where("expiresAt", "<=", now.toISOString()).execute();
  const row = {
    id: newPublicId(),
    userId: user.id,
    kind,
    key,
    fileName: cleanName(file.name),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + PENDING_TTL_MS).toISOString(),
  };
  await deps.db.insertInto("pendingUploads").values(row).execute();
  return { id: row.id, fileName: row.fileName, kind, expiresAt: row.expiresAt };
}

/**
 * The stored key a submission's `{field}Pending` id stands for, or null when it names none or a
 * new file came in `field` (the new file replaces it). An id that is not this user's, not of this
 * kind, expired or unknown is refused with one message under the field, and nothing changes.
 */
export async function pendingKeyFor(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  body: Record<string, unknown>,
  kind: PendingKind,
  field: string = PENDING_FIELDS[kind],
): Promise<string | null> {
  return (await pendingUploadFor(deps, user, body, kind, field))?.key ?? null;
}

/** `pendingKeyFor`, with the name the file was picked under. */
export async function pendingUploadFor(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow,
  body: Record<string, unknown>,
  kind: PendingKind,
  /** The form's field, when not the kind's usual one (an organisation's `logo`). */
  field: string = PENDING_FIELDS[kind],
): Promise<{ key: string; fileName: string } | null> {
  if (fileField(body[field])) return null;
  let id = body[`${field}Pending`];
  if (Array.isArray(id)) id = id.at(-1);
  if (id === undefined || id === null || (typeof id === "string" && !id.trim())) return null;
  const refuse = () => badRequest(PENDING_GONE, { [field]: [PENDING_GONE] });
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(id.trim())) throw refuse();
  const row = await deps.db
    .selectFrom("pendingUploads")
    .select(["userId", "kind", "key", "fileName", "expiresAt"])
    .where("id", "=", id.trim())
    .executeTakeFirst();
  const now = deps.clock.now().toISOString();
  if (!row || row.userId !== user.id || row.kind !== kind || row.expiresAt <= now) throw refuse();
  return { key: row.key, fileName: row.fileName };
}
