import type { Deps } from "#server/lib/deps";
import type { UserRow } from "#server/db/schema";
import { newToken, sha256 } from "#server/lib/crypto";
import { reusableStatement } from "#server/db/reusable-statement";
import type { Db } from "#server/db/connect";

const DAY_MS = 86_400_000;

/** Starts a session: a fresh random token for the cookie, only its hash in the database. */
export async function createSession(
  deps: Pick<Deps, "db" | "clock" | "config">,
  userId: string,
): Promise<string> {
  const token = newToken();
  const now = deps.clock.now();
  await deps.db
    .insertInto("sessions")
    .values({
      tokenHash: sha256(token),
      userId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + deps.config.sessionDays * DAY_MS).toISOString(),
    })
    .execute();
  return token;
}

/**
 * What a statement finds a live session by: the token's hash and the time now; null for a token
 * no session can have (a cookie's token is 43 characters).
 */
export function sessionKey(token: string, now: Date): { tokenHash: string; now: string } | null {
  if (!token || token.length > 100) return null;
  return { tokenHash: sha256(token), now: now.toISOString() };
}

export async function findSessionUser(
  deps: Pick<Deps, "db" | "clock">,
  token: string,
): Promise<UserRow | null> {
  const key = sessionKey(token, deps.clock.now());
  if (!key) return null;
  const { rows } = await sessionUser(deps.db, key);
  return rows[0] ?? null;
}

/** The users of the live sessions whose token hashes to `tokenHash` (one at most), every column. */
export function sessionUsers(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .selectAll("users")
    .where("sessions.tokenHash", "=", tokenHash)
    .where("sessions.expiresAt", ">", now);
}

/**
 * The user of the session whose token hashes to `tokenHash`, while it lasts: a subquery for the
 * statements that check the session themselves (a quiz's answer, start and submit).
 */
export function sessionUserOf(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom("sessions as s")
    .select("s.userId")
    .where("s.tokenHash", "=", tokenHash)
    .where("s.expiresAt", ">", now);
}

/** Every signed-in request's first statement: built once, prepared on PostgreSQL (decision 041). */
const sessionUser = reusableStatement(["tokenHash", "now"], (db, v) =>
  sessionUsers(db, v.tokenHash, v.now),
);

export async function destroySession(deps: Pick<Deps, "db">, token: string): Promise<void> {
  await deps.db.deleteFrom("sessions").where("tokenHash", "=", sha256(token)).execute();
}

export async function destroyAllSessions(deps: Pick<Deps, "db">, userId: string): Promise<void> {
  await deps.db.deleteFrom("sessions").where("userId", "=", userId).execute();
}

/**
 * Whose session a token was, ended or not (rows are kept past their expiry until logout). Only to
 * bind something to that person (a form kept when the session ended, form-stashes.ts); never to
 * sign anyone in.
 */
export async function sessionOwnerId(
  deps: Pick<Deps, "db">,
  token: string,
): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const row = await deps.db
    .selectFrom("sessions")
    .select("userId")
    .where("tokenHash", "=", sha256(token))
    .executeTakeFirst();
  return row?.userId ?? null;
}
