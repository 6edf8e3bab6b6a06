import { can, roleOn } from "#server/services/team/permissions";
import type { Deps } from "#server/lib/deps";
import { STASH_TTL_MS, type StashInput, type TakeStashInput } from "#server/contracts/form-stash";
import { isoAfter } from "#server/lib/clock";
import { newToken, sha256 } from "#server/lib/crypto";
import { hitRateLimit } from "#server/lib/rate-limit";
import { sessionOwnerId } from "#server/services/accounts/sessions";

/**
 * Issue 11: what a creation step held when its save came after the session had ended. The text
 * fields wait an hour in `formStashes`, found by the hash of a random token that only the browser
 * holds (an HttpOnly cookie), for one event number and one form. When the ended session's row
 * still exists the stash is its user's alone; when it was deleted (logged out elsewhere) the
 * token is the binding, and a draft that belongs to someone else is never filled from it.
 * Taking it deletes it: a second read, another user or a stranger gets nothing.
 */

type StashDeps = Pick<Deps, "db" | "clock" | "config">;

/** Anyone may keep a form (the session has ended): 30 an address per 10 minutes. */
export const STASH_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

export async function stashForm(
  deps: StashDeps,
  input: StashInput,
  from: { ip: string; sessionToken: string | null; previousToken: string | null },
): Promise<string> {
  await hitRateLimit(deps, `stash:${from.ip}`, STASH_RATE_LIMIT.limit, STASH_RATE_LIMIT.windowMs);
  const now = deps.clock.now().toISOString();
  await sweepStashes(deps);
  // One kept form per browser: a newer one replaces the one its cookie named.
  if (from.previousToken)
    await deps.db
      .deleteFrom("formStashes")
      .where("tokenHash", "=", sha256(from.previousToken))
      .execute();
  const userId = from.sessionToken ? await sessionOwnerId(deps, from.sessionToken) : null;
  const token = newToken();
  await deps.db
    .insertInto("formStashes")
    .values({
      tokenHash: sha256(token),
      userId,
      eventNumber: input.eventNumber,
      form: input.form,
      fields: JSON.stringify(input.fields),
      createdAt: now,
      expiresAt: isoAfter(deps.clock, STASH_TTL_MS),
    })
    .execute();
  return token;
}

/** The kept fields for this user, event and form, once; null when there is nothing for them. */
export async function takeStash(
  deps: StashDeps,
  token: string,
  userId: string,
  target: TakeStashInput,
): Promise<[string, string][] | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = sha256(token);
  const row = await deps.db
    .selectFrom("formStashes")
    .selectAll()
    .where("tokenHash", "=", tokenHash)
    .where("expiresAt", ">", deps.clock.now().toISOString())
    .executeTakeFirst();
  if (!row || row.eventNumber !== target.eventNumber || row.form !== target.form) return null;
  if (row.userId !== null && row.userId !== userId) return null;
  if (row.userId === null) {
    // No user to bind to: at least never fill someone else's draft.
    const event = await deps.db
      .selectFrom("events")
      .selectAll()
      .where("eventNumber", "=", target.eventNumber)
      .executeTakeFirst();
    if (event && !can(await roleOn(deps.db, event, userId), "event.edit")) return null;
  }
  // Whoever deletes the row takes it: two reads at once give it to one.
  const gone = await deps.db
    .deleteFrom("formStashes")
    .where("tokenHash", "=", tokenHash)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) !== 1) return null;
  const fields: unknown = JSON.parse(row.fields ?? "[]");
  return Array.isArray(fields) ? fields.filter(isEntry) : [];
}

const isEntry = (e: unknown): e is [string, string] =>
  Array.isArray(e) && e.length === 2 && typeof e[0] === "string" && typeof e[1] === "string";

/** Drops kept forms past their hour (run on every new one, so the table stays small). */
export async function sweepStashes(deps: Pick<Deps, "db" | "clock">): Promise<number> {
  const res = await deps.db
    .deleteFrom("formStashes")
    .where("expiresAt", "<=", deps.clock.now().toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
