import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import type { Config } from "#server/config";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { ApiError, badRequest, conflict, forbidden, notFound } from "#server/lib/errors";
import { newId } from "#server/lib/crypto";
import { destroyAllSessions } from "./sessions";

/**
 * Google sign-in (SPEC §7): the authorisation code flow through remix-auth + remix-auth-google.
 * The strategy only proves who the person is; which account they get is decided here, in
 * `signInWithGoogle`. Google's tokens are used once to read the profile and never stored,
 * put in a cookie or answered.
 */

/** What the strategy hands back: the profile fields we use, nothing else. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string | null;
  picture: string | null;
}

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured.";
export const GOOGLE_CALLBACK_PATH = "/login-with-google";
const STATE_COOKIE = "utsav_google_state";
const STATE_TTL_SECONDS = 10 * 60;

export function googleConfigured(config: Pick<Config, "google">): boolean {
  return !!config.google.clientId;
}

/** remix-auth-google fixes Google's URLs; tests point the strategy at a local OAuth2 server. */
class GoogleOAuthStrategy extends GoogleStrategy<GoogleIdentity> {
  constructor(config: Config) {
    super(
      {
        clientID: config.google.clientId ?? "",
        clientSecret: config.google.clientSecret ?? "",
        callbackURL: `${config.appUrl}${GOOGLE_CALLBACK_PATH}`,
        scope: ["openid", "email", "profile"],
        accessType: "offline",
        prompt: "consent",
      },
      async ({ profile }) => identityFrom(profile),
    );
    const { authorizationUrl, tokenUrl, userInfoUrl } = config.google;
    if (authorizationUrl) this.authorizationURL = authorizationUrl;
    if (tokenUrl) this.tokenURL = tokenUrl;
    // `userInfoURL` is private in the library's types but a plain field at run time.
    if (userInfoUrl) (this as unknown as { userInfoURL: string }).userInfoURL = userInfoUrl;
  }
}

function identityFrom(profile: GoogleProfile): GoogleIdentity {
  const raw = (profile?._json ?? {}) as Partial<Omit<GoogleProfile["_json"], "email_verified">> & {
    email_verified?: unknown;
  };
  const sub = typeof raw.sub === "string" ? raw.sub.trim() : "";
  const email = typeof raw.email === "string" ? raw.email.trim().toLowerCase() : "";
  if (!sub || sub.length > 255)
    throw new ApiError(502, "Google did not return your profile. Please try again.");
  if (!email || email.length > 254 || !email.includes("@")) {
    throw badRequest("Google did not share your e-mail address, so we cannot sign you in.");
  }
  const text = (v: unknown, max: number) => (typeof v === "string" ? v.trim().slice(0, max) : "");
  const picture = text(raw.picture, 2000);
  return {
    sub,
    email,
    // Google sends a boolean; some OpenID servers send the string.
    emailVerified: raw.email_verified === true || raw.email_verified === "true",
    firstName: text(raw.given_name, 50) || text(raw.name, 50) || email.split("@")[0].slice(0, 50),
    lastName: text(raw.family_name, 50) || null,
    picture: /^https:\/\//.test(picture) ? picture : null,
  };
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

interface GoogleAuth {
  authenticator: Authenticator<GoogleIdentity>;
  stateStorage: SessionStorage;
}

const authByConfig = new WeakMap<Config, GoogleAuth>();

function googleAuth(config: Config): GoogleAuth {
  let auth = authByConfig.get(config);
  if (!auth) {
    // The cookie holds only the OAuth state (remix-auth's "oauth2:state"), signed, for 10 minutes,
    // and is sent back only to the landing page.
    const stateStorage = createCookieSessionStorage({
      cookie: {
        name: STATE_COOKIE,
        httpOnly: true,
        sameSite: "lax",
        path: GOOGLE_CALLBACK_PATH,
        maxAge: STATE_TTL_SECONDS,
        secure: config.appUrl.startsWith("https:"),
        secrets: [stateCookieSecret(config)],
      },
    });
    const authenticator = new Authenticator<GoogleIdentity>(stateStorage, { throwOnError: true });
    authenticator.use(new GoogleOAuthStrategy(config), "google");
    auth = { authenticator, stateStorage };
    authByConfig.set(config, auth);
  }
  return auth;
}

/** The URL of Google's consent screen and the Set-Cookie carrying the state to check on return. */
export async function startGoogleSignIn(
  config: Config,
): Promise<{ url: string; setCookie: string }> {
  if (!googleConfigured(config)) throw notFound(GOOGLE_NOT_CONFIGURED);
  const { authenticator } = googleAuth(config);
  // A clean request: the strategy copies the request's query into the authorisation URL.
  const start = new Request(`${config.appUrl}/api/v1/user/oauth/google`);
  try {
    await authenticator.authenticate("google", start);
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get("Location") : null;
    const setCookie = thrown instanceof Response ? thrown.headers.get("Set-Cookie") : null;
    if (location && setCookie) return { url: location, setCookie };
    throw thrown;
  }
  throw new Error("Google sign-in did not redirect to the provider");
}

/** Set-Cookie that removes the state cookie: every return from Google uses it up. */
export async function clearStateCookie(config: Config): Promise<string> {
  const { stateStorage } = googleAuth(config);
  return stateStorage.destroySession(await stateStorage.getSession());
}

const STATE_FAILURES = new Set([
  "Missing state on URL.",
  "Missing state on session.",
  "State doesn't match.",
]);

/**
 * Checks the state against the cookie, exchanges the code and reads the profile.
 * `query` is the landing page's query string as Google sent it.
 */
export async function finishGoogleSignIn(
  config: Config,
  query: string,
  cookieHeader: string | null,
): Promise<GoogleIdentity> {
  if (!googleConfigured(config)) throw notFound(GOOGLE_NOT_CONFIGURED);
  const params = new URLSearchParams(query);
  const providerError = params.get("error");
  if (providerError) {
    // Only known codes are worded; the query is attacker-controlled text, never echoed.
    throw badRequest(
      providerError === "access_denied"
        ? "Google sign-in was cancelled."
        : "Google could not sign you in. Please try again.",
    );
  }
  const { authenticator } = googleAuth(config);
  const callback = new Request(`${config.appUrl}${GOOGLE_CALLBACK_PATH}?${params}`, {
    headers: cookieHeader ? { Cookie: cookieHeader } : {},
  });
  try {
    return await authenticator.authenticate("google", callback);
  } catch (err) {
    if (!(err instanceof AuthorizationError)) throw err;
    if (err.cause instanceof ApiError) throw err.cause;
    if (STATE_FAILURES.has(err.message)) {
      throw badRequest(
        "Your Google sign-in could not be verified: it expired or was tampered with. Please try again.",
      );
    }
    if (err.message === "Missing code.")
      throw badRequest("Google did not complete the sign-in. Please try again.");
    // The token or profile call failed; its body may be long or odd, so it is logged, not shown.
    console.warn("[google] sign-in failed:", String(err.message).slice(0, 300));
    throw new ApiError(502, "Google sign-in failed. Please try again.");
  }
}

/** True for a unique-constraint violation on either engine (two first sign-ins at once). */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code ?? "";
  return code === "23505" || code.startsWith("SQLITE_CONSTRAINT");
}

/**
 * The account for a Google identity:
 * - the user already linked to this Google subject;
 * - else the account with this e-mail, linked only when Google says the e-mail is verified. If
 *   that account had never verified its e-mail, whoever registered it may not own the address:
 *   it loses its password, sessions and pending links, and takes its names from Google;
 * - else a new user, e-mail verified, names and avatar from Google (only for verified e-mails).
 */
export async function signInWithGoogle(
  deps: Pick<Deps, "db" | "clock">,
  identity: GoogleIdentity,
): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await linkOrCreate(deps, identity);
    } catch (err) {
      if (attempt === 0 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

async function linkOrCreate(
  deps: Pick<Deps, "db" | "clock">,
  identity: GoogleIdentity,
): Promise<UserRow> {
  return deps.db.transaction().execute(async (trx) => {
    const linked = await trx
      .selectFrom("users")
      .selectAll()
      .where("googleSub", "=", identity.sub)
      .executeTakeFirst();
    if (linked) return linked;

    const now = deps.clock.now().toISOString();
    const existing = await trx
      .selectFrom("users")
      .selectAll()
      .where("email", "=", identity.email)
      .executeTakeFirst();
    if (existing) {
      if (existing.googleSub)
        throw conflict("This e-mail address is already linked to another Google account.");
      if (!identity.emailVerified) {
        throw forbidden(
          "Google has not verified this e-mail address, so it cannot be linked to your account. Log in with your password instead.",
        );
      }
      const wasUnverified = !existing.emailVerifiedAt;
      await trx
        .updateTable("users")
        .set({
          googleSub: identity.sub,
          updatedAt: now,
          profileImg: existing.profileImg ?? identity.picture,
          ...(wasUnverified
            ? {
                passwordHash: null,
                emailVerifiedAt: now,
                firstName: identity.firstName,
                lastName: identity.lastName,
              }
            : {}),
        })
        .where("id", "=", existing.id)
        .execute();
      if (wasUnverified) {
        await destroyAllSessions({ db: trx }, existing.id);
        await trx.deleteFrom("tokens").where("userId", "=", existing.id).execute();
      }
      return trx
        .selectFrom("users")
        .selectAll()
        .where("id", "=", existing.id)
        .executeTakeFirstOrThrow();
    }

    if (!identity.emailVerified) {
      throw forbidden(
        "Google has not verified your e-mail address. Verify it with Google, or sign up with your e-mail address.",
      );
    }
    const user = {
      id: newId(),
      email: identity.email,
      passwordHash: null,
      emailVerifiedAt: now,
      firstName: identity.firstName,
      lastName: identity.lastName,
      gender: null,
      course: null,
      courseSpecialisation: null,
      collegeName: null,
      location: null,
      profileImg: identity.picture,
      googleSub: identity.sub,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto("users").values(user).execute();
    // Read back: the columns with defaults (the reminder switch …) come from the database.
    return trx.selectFrom("users").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow();
  });
}
