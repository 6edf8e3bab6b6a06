import { AsyncLocalStorage } from "node:async_hooks";
import type { SessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import type { Config } from "#server/config";
import { ApiError, badRequest, notFound } from "#server/lib/errors";
import {
  createStateStorage,
  GOOGLE_CALLBACK_PATH,
  pkceChallenge,
  pkceVerifier,
  STATE_INVALID,
} from "./google-state";

/** The state of the return being handled, for the token request's PKCE verifier. */
const returningState = new AsyncLocalStorage<string | null>();

/**
 * Google sign-in (SPEC §7): the authorisation code flow through remix-auth + remix-auth-google.
 * The strategy only proves who the person is (this file); the state cookie between the two legs
 * is in `google-state.ts`; which account the person gets is decided in `google-accounts.ts`
 * (`signInWithGoogle`). Google's tokens are used once to read the profile and never stored,
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

export function googleConfigured(config: Pick<Config, "google">): boolean {
  return !!config.google.clientId;
}

/** remix-auth-google fixes Google's URLs; tests point the strategy at a local OAuth2 server. */
class GoogleOAuthStrategy extends GoogleStrategy<GoogleIdentity> {
  constructor(private readonly config: Config) {
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

  // PKCE (S256): the library (remix-auth-oauth2 1.x) has none, so startGoogleSignIn adds the
  // challenge to the consent URL and the token request gets the verifier here, both derived
  // from the state.
  protected tokenParams(): URLSearchParams {
    const params = super.tokenParams();
    const state = returningState.getStore();
    if (state) params.set("code_verifier", pkceVerifier(this.config, state));
    return params;
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

interface GoogleAuth {
  authenticator: Authenticator<GoogleIdentity>;
  stateStorage: SessionStorage;
}

const authByConfig = new WeakMap<Config, GoogleAuth>();

function googleAuth(config: Config): GoogleAuth {
  let auth = authByConfig.get(config);
  if (!auth) {
    const stateStorage = createStateStorage(config);
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
    if (location && setCookie) return { url: withPkce(config, location), setCookie };
    throw thrown;
  }
  throw new Error("Google sign-in did not redirect to the provider");
}

function withPkce(config: Config, location: string): string {
  const url = new URL(location);
  const state = url.searchParams.get("state");
  if (!state) throw new Error("Google sign-in started without a state");
  url.searchParams.set("code_challenge", pkceChallenge(pkceVerifier(config, state)));
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
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
    return await returningState.run(params.get("state"), () =>
      authenticator.authenticate("google", callback),
    );
  } catch (err) {
    if (!(err instanceof AuthorizationError)) throw err;
    if (err.cause instanceof ApiError) throw err.cause;
    if (STATE_FAILURES.has(err.message)) {
      throw badRequest(STATE_INVALID);
    }
    if (err.message === "Missing code.")
      throw badRequest("Google did not complete the sign-in. Please try again.");
    // The token or profile call failed; its body may be long or odd, so it is logged, not shown.
    console.warn("[google] sign-in failed:", String(err.message).slice(0, 300));
    throw new ApiError(502, "Google sign-in failed. Please try again.");
  }
}
