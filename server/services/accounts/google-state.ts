import { createHash, createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { type Config, secureCookies } from "#server/config";
import type { Deps } from "#server/lib/deps";
import { badRequest } from "#server/lib/errors";
import { countHit } from "#server/lib/rate-limit";

/**
 * The state of a Google sign-in between leaving for Google and coming back: a signed cookie that
 * holds only the OAuth state (remix-auth's "oauth2:state"), for 10 minutes, sent back only to
 * the landing page.
 */
export const GOOGLE_CALLBACK_PATH = "/login-with-google";
const STATE_COOKIE = "utsav_google_state";
const STATE_TTL_SECONDS = 10 * 60;

export function createStateStorage(config: Config): SessionStorage {
  return createCookieSessionStorage({
    cookie: {
      name: STATE_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: GOOGLE_CALLBACK_PATH,
      maxAge: STATE_TTL_SECONDS,
      secure: secureCookies(config),
      secrets: [stateCookieSecret(config)],
    },
  });
}

/**
 * The signing key of the state cookie: SESSION_SECRET, or else a random key written once to
 * DATA_DIR/session-secret so every process sharing the data directory agrees on it.
 */
export function stateCookieSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(tmp, randomBytes(32).toString("hex"), { mode: 0o600 });
    try {
      // link() fails if another process got there first; then its key is the one.
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    return fs.readFileSync(file, "utf8").trim();
  }
}

/**
 * PKCE (RFC 7636, S256) without storing anything more: the code verifier is derived from the
 * state with our key, so only this server can make it, and it is never sent to the browser (only
 * its challenge is, in the consent URL). The state itself is checked against the signed cookie.
 */
export function pkceVerifier(config: Config, state: string): string {
  return createHmac("sha256", stateCookieSecret(config))
    .update(`pkce:${state}`)
    .digest("base64url");
}

export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

export const STATE_INVALID =
  "Your Google sign-in could not be verified: it expired or was tampered with. Please try again.";

/**
 * Each state is good for one return: the first use is recorded (atomically, in the database, so
 * every process agrees) and a replay of the same state and cookie is refused. Kept for a day,
 * far past the cookie's 10 minutes.
 */
export async function consumeState(deps: Pick<Deps, "db" | "clock">, state: string): Promise<void> {
  const { count } = await countHit(deps, `googleState:${sha256hex(state)}`, 86_400_000);
  if (count > 1) throw badRequest(STATE_INVALID);
}

const sha256hex = (v: string) => createHash("sha256").update(v).digest("hex");
