import { HANDLE_MESSAGES, HANDLE_PATTERN } from "#server/contracts/handles";
import { type Db, isUniqueViolation } from "#server/db/connect";
import { ApiError } from "#server/lib/errors";

/**
 * The one handle namespace (SPEC-4 §4, §5; docs/decisions/XXX-handles.md). A handle is taken by
 * inserting its row into `handles`: the primary key decides between people and organisations
 * asking at the same moment, on SQLite and PostgreSQL alike. Nothing else checks availability.
 */

/** 409 'This handle is taken', under the handle field. */
export function handleTaken(): ApiError {
  return new ApiError(409, HANDLE_MESSAGES.taken, { handle: [HANDLE_MESSAGES.taken] });
}

/** Runs `write` (which takes a handle) and turns a unique-key refusal into 'This handle is taken'. */
export async function takingHandle<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw handleTaken();
    throw err;
  }
}

/**
 * Inside the caller's transaction: `userId` holds `handle` from now on; the handle they held
 * before is freed. The insert fails with a unique violation when the handle is taken.
 */
export async function moveUserHandle(
  trx: Db,
  userId: string,
  handle: string,
  now: string,
): Promise<void> {
  await trx.deleteFrom("handles").where("userId", "=", userId).execute();
  await trx.insertInto("handles").values({ handle, userId, orgId: null, createdAt: now }).execute();
}

/** The handle of the person's public profile, or null when they have none or it is off. */
export async function publicHandleOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("handle")
    .where("id", "=", userId)
    .where("publicProfile", "=", 1)
    .executeTakeFirst();
  return row?.handle ?? null;
}

/** Whether a path segment could be a handle at all (anything else is 404 without a query). */
export function looksLikeHandle(handle: string): boolean {
  return HANDLE_PATTERN.test(handle);
}
