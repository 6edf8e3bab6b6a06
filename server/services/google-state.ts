import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { type Config, secureCookies } from "#server/config";

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
function stateCookieSecret(config: Config): string {
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
