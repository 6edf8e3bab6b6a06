import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema";
import type { Clock } from "#server/lib/clock";
import { newToken, sha256 } from "#server/lib/crypto";

export type TokenPurpose = "verify" | "reset";

/** How long a mailed link works: verification 48 h, password reset 30 min. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify: 48 * 3_600_000,
  reset: 30 * 60_000,
};

type Db = Kysely<Database> | Transaction<Database>;

/** A fresh 256-bit token for a mailed link; only its hash is stored. Answers the raw token. */
export async function issueToken(
  db: Db,
  clock: Clock,
  userId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db
    .insertInto("tokens")
    .values({
      tokenHash: sha256(token),
      userId,
      purpose,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]).toISOString(),
      usedAt: null,
    })
    .execute();
  return token;
}

/** A mailed link as it arrives: whose it is, its token and what it is for. */
export type TokenLink = { userId: string; token: string; purpose: TokenPurpose };

/** Whether a token's shape is ours at all (NUL bytes included, which PostgreSQL refuses). */
function wellFormed({ userId, token }: TokenLink): boolean {
  return /^[A-Za-z0-9_-]{16,100}$/.test(token) && /^[A-Za-z0-9_-]{1,64}$/.test(userId);
}

/** That user's token of that purpose, unused and unexpired at `now`. */
function openTokenRow({ userId, token, purpose }: TokenLink, now: string) {
  return (eb: ExpressionBuilder<Database, "tokens">) =>
    eb.and([
      eb("tokenHash", "=", sha256(token)),
      eb("userId", "=", userId),
      eb("purpose", "=", purpose),
      eb("usedAt", "is", null),
      eb("expiresAt", ">", now),
    ]);
}

/**
 * Whether a token would still work, without using it (a page says so on arrival). False for
 * unknown, expired, used, another user's or another purpose's token, as `consumeToken`.
 */
export async function isTokenOpen(db: Db, clock: Clock, link: TokenLink): Promise<boolean> {
  if (!wellFormed(link)) return false;
  const row = await db
    .selectFrom("tokens")
    .select("tokenHash")
    .where(openTokenRow(link, clock.now().toISOString()))
    .executeTakeFirst();
  return !!row;
}

/**
 * Uses a token once: a single guarded UPDATE, so two requests racing with the same link cannot
 * both succeed. False for unknown, expired, used, another user's or another purpose's token.
 */
export async function consumeToken(db: Db, clock: Clock, link: TokenLink): Promise<boolean> {
  // Anything not shaped like our ids and tokens is simply unknown.
  if (!wellFormed(link)) return false;
  const now = clock.now().toISOString();
  const result = await db
    .updateTable("tokens")
    .set({ usedAt: now })
    .where(openTokenRow(link, now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Retires every other open token of that purpose (a reset makes older reset links useless). */
export async function retireTokens(
  db: Db,
  clock: Clock,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await db
    .updateTable("tokens")
    .set({ usedAt: clock.now().toISOString() })
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .execute();
}
