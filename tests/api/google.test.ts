import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newToken, sha256 } from "#server/lib/crypto";
import {
  APP_URL,
  createTestApi,
  engines,
  sessionCookieFrom,
  type TestApi,
} from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";
import {
  googleProfile,
  MOCK_COOKIE,
  mockCookieValue,
  type MockGoogleChoice,
  startOAuthMock,
} from "#tests/e2e/oauth-mock";

/**
 * Google sign-in against a real OAuth2 server on loopback (oauth2-mock-server): the API starts
 * the flow, the "browser" (fetch) visits the consent URL, and its return goes to the API.
 */
let mock: Awaited<ReturnType<typeof startOAuthMock>>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-google-"));

beforeAll(async () => {
  mock = await startOAuthMock();
});
afterAll(async () => {
  await mock.stop();
});

function googleEnv(extra: Record<string, string> = {}) {
  // No SESSION_SECRET: the state cookie is signed with the key kept in DATA_DIR.
  return {
    GOOGLE_CLIENT_ID: "utsav-test-client",
    GOOGLE_CLIENT_SECRET: "utsav-test-secret",
    DATA_DIR: dataDir,
    ...mock.env,
    ...extra,
  };
}

/** `name=value` of a response's Set-Cookie for `name`, or null. */
function cookieFrom(res: Response, name: string): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line ? line.split(";")[0] : null;
}

async function startFlow(t: TestApi) {
  const res = await t.request("/user/oauth/google", { method: "POST" });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const stateCookie = cookieFrom(res, "utsav_google_state");
  expect(stateCookie).toBeTruthy();
  return {
    url: new URL(url),
    stateCookie: stateCookie!,
    setCookie: res.headers.getSetCookie().join("\n"),
  };
}

/** The provider's redirect back to the landing page, as the browser would follow it. */
async function consent(url: URL, choice: MockGoogleChoice): Promise<URL> {
  const res = await fetch(url, {
    redirect: "manual",
    headers: { Cookie: `${MOCK_COOKIE}=${mockCookieValue(choice)}` },
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

/** The whole round trip; `cookie` adds to the state cookie the browser sends back. */
async function signIn(t: TestApi, choice: MockGoogleChoice, cookie?: string) {
  const { url, stateCookie } = await startFlow(t);
  const back = await consent(url, choice);
  return t.request(`/user/oauth/session/google${back.search}`, {
    cookie: [stateCookie, cookie].filter(Boolean).join("; "),
  });
}

const userRow = (t: TestApi, id: string) =>
  t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe.each(engines)("Google sign-in (%s)", (engine) => {
  let t: TestApi;
  afterEach(async () => {
    await t?.close();
  });

  it("starts the code flow: offline access, forced consent, e-mail and profile, back to /login-with-google", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const { url, setCookie } = await startFlow(t);
    expect(`${url.origin}${url.pathname}`).toBe(mock.env.GOOGLE_AUTHORIZATION_URL);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("client_id")).toBe("utsav-test-client");
    expect(url.searchParams.get("redirect_uri")).toBe(`${APP_URL}/login-with-google`);
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["email", "profile"]),
    );
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{16,}$/);
    // The state cookie is signed, HttpOnly, short-lived and only sent back to the landing page.
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/login-with-google/);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=600/);
  });

  it("the code flow uses PKCE (S256): a challenge in the consent URL, its verifier in the token request, checked by the provider", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const { url, stateCookie } = await startFlow(t);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const challenge = url.searchParams.get("code_challenge");
    expect(challenge).toMatch(/^[\w-]{43}$/);
    // The verifier is never in anything the browser gets.
    expect(url.toString()).not.toContain("code_verifier");
    const back = await consent(url, { profile: googleProfile("pkce") });
    const sent = mock.tokenRequests.length;
    const res = await t.request(`/user/oauth/session/google${back.search}`, {
      cookie: stateCookie,
    });
    expect(res.status).toBe(200);
    const token = mock.tokenRequests.slice(sent).at(-1)!;
    expect(token.code_verifier).toMatch(/^[\w-]{43,128}$/);
    expect(createHash("sha256").update(token.code_verifier).digest("base64url")).toBe(challenge);
  });

  it("a state is good for one return: replaying Google's return with the same state cookie is refused before any token request", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const { url, stateCookie } = await startFlow(t);
    const back = await consent(url, { profile: googleProfile("replay") });
    const first = await t.request(`/user/oauth/session/google${back.search}`, {
      cookie: stateCookie,
    });
    expect(first.status).toBe(200);
    const sessions = await t.db.selectFrom("sessions").select("tokenHash").execute();
    const sent = mock.tokenRequests.length;
    const replay = await t.request(`/user/oauth/session/google${back.search}`, {
      cookie: stateCookie,
    });
    expect(replay.status).toBe(400);
    expect((await replay.json()).message).toMatch(/could not be verified/);
    expect(sessionCookieFrom(replay)).toBeNull();
    expect(mock.tokenRequests.length).toBe(sent);
    expect(await t.db.selectFrom("sessions").select("tokenHash").execute()).toEqual(sessions);
  });

  it("gives a new Google user a verified account with names and avatar, and a session", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const profile = googleProfile("new", { email: "Meera.NEW@Gmail.example" });
    const res = await signIn(t, { profile });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      firstName: "Meera",
      lastName: "Iyer",
      email: "meera.new@gmail.example",
      profileImg: profile.picture,
      emailVerified: true,
    });
    // Google's tokens never leave the backend: not in the body, not in a cookie.
    const everything = JSON.stringify(body) + res.headers.getSetCookie().join(";");
    expect(everything).not.toMatch(/access_token|refresh_token|id_token|eyJ/);
    // The code was exchanged with the client secret and the same redirect URI.
    expect(mock.tokenRequests.at(-1)).toMatchObject({
      grant_type: "authorization_code",
      client_id: "utsav-test-client",
      client_secret: "utsav-test-secret",
      redirect_uri: `${APP_URL}/login-with-google`,
    });
    // The state is used up.
    expect(res.headers.getSetCookie().find((c) => c.startsWith("utsav_google_state="))).toMatch(
      /Expires=Thu, 01 Jan 1970|Max-Age=0/,
    );

    const cookie = sessionCookieFrom(res);
    expect(cookie).toBeTruthy();
    const me = await t.request("/user/profile", { cookie: cookie! });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { _id: string })._id).toBe(body._id);
    const row = await userRow(t, body._id as string);
    expect(row).toMatchObject({ googleSub: profile.sub, passwordHash: null });
    expect(row.emailVerifiedAt).toBeTruthy();
  });

  it("gives a returning Google user the same account, found by subject even after an e-mail change", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const profile = googleProfile("again");
    const first = await signIn(t, { profile });
    const second = await signIn(t, {
      profile: { ...profile, email: "changed@gmail.example", given_name: "Changed" },
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const a = (await first.json()) as { _id: string };
    const b = (await second.json()) as { _id: string; firstName: string };
    expect(b._id).toBe(a._id);
    expect(b.firstName).toBe("Meera");
    const count = await t.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("links a Google e-mail that Google has verified to the existing account, which keeps its password and sessions", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const { user, cookie: oldCookie } = await createUserWithSession(t.deps, {
      email: "asha@college.example",
      passwordHash: "scrypt$kept",
      profileImg: null,
    });
    const profile = googleProfile("link", { email: "Asha@College.example", email_verified: true });
    const res = await signIn(t, { profile });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { _id: string })._id).toBe(user.id);
    const row = await userRow(t, user.id);
    expect(row).toMatchObject({
      googleSub: profile.sub,
      passwordHash: "scrypt$kept",
      firstName: "Asha",
      profileImg: profile.picture,
    });
    expect((await t.request("/user/profile", { cookie: oldCookie })).status).toBe(200);
  });

  it("refuses to link an existing account when Google has not verified the e-mail, and creates nobody for it", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const { user } = await createUserWithSession(t.deps, {
      email: "ravi@college.example",
      passwordHash: "scrypt$ravi",
    });
    const res = await signIn(t, {
      profile: googleProfile("unverified", {
        email: "ravi@college.example",
        email_verified: false,
      }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /Google has not verified this e-mail address/,
    );
    expect(sessionCookieFrom(res)).toBeNull();
    expect(await userRow(t, user.id)).toMatchObject({
      googleSub: null,
      passwordHash: "scrypt$ravi",
    });

    const stranger = await signIn(t, {
      profile: googleProfile("stranger", { email_verified: false }),
    });
    expect(stranger.status).toBe(403);
    expect(sessionCookieFrom(stranger)).toBeNull();
    const count = await t.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("takes a pre-registered unverified account away from whoever registered it: no password, sessions or pending links", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const { user, cookie: squatterCookie } = await createUserWithSession(t.deps, {
      email: "priya@gmail.example",
      passwordHash: "scrypt$squatter",
      emailVerifiedAt: null,
      firstName: "Someone",
      lastName: "Else",
    });
    const now = t.clock.now().toISOString();
    await t.db
      .insertInto("tokens")
      .values({
        tokenHash: sha256(newToken()),
        userId: user.id,
        purpose: "reset",
        expiresAt: "2099-01-01T00:00:00.000Z",
        usedAt: null,
        createdAt: now,
      })
      .execute();

    const res = await signIn(t, {
      profile: googleProfile("owner", {
        email: "priya@gmail.example",
        given_name: "Priya",
        family_name: "Nair",
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      _id: string;
      firstName: string;
      lastName: string;
      emailVerified: boolean;
    };
    expect(body).toMatchObject({
      _id: user.id,
      firstName: "Priya",
      lastName: "Nair",
      emailVerified: true,
    });

    const row = await userRow(t, user.id);
    expect(row.passwordHash).toBeNull();
    expect(row.emailVerifiedAt).toBeTruthy();
    expect((await t.request("/user/profile", { cookie: squatterCookie })).status).toBe(401);
    expect(
      await t.db.selectFrom("tokens").selectAll().where("userId", "=", user.id).execute(),
    ).toHaveLength(0);
    expect((await t.request("/user/profile", { cookie: sessionCookieFrom(res)! })).status).toBe(
      200,
    );
  });

  it("refuses an e-mail already linked to a different Google account", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    await createUserWithSession(t.deps, {
      email: "dev@gmail.example",
      googleSub: "g-someone-else",
    });
    const res = await signIn(t, {
      profile: googleProfile("other", { email: "dev@gmail.example" }),
    });
    expect(res.status).toBe(409);
    expect(sessionCookieFrom(res)).toBeNull();
  });

  it.each([
    ["a tampered state", { outcome: "tamper-state" }, true, /could not be verified/],
    ["a state missing from the URL", { outcome: "drop-state" }, true, /could not be verified/],
    ["a missing state cookie", { outcome: "ok" }, false, /could not be verified/],
    ["a provider error", { outcome: "access_denied" }, true, /Google sign-in was cancelled/],
  ] as const)(
    "ends %s with 400, a message, no session and the state used up",
    async (_name, choice, sendState, message) => {
      t = await createTestApi(engine, { env: googleEnv() });
      const { url, stateCookie } = await startFlow(t);
      const back = await consent(url, { profile: googleProfile("bad"), ...choice });
      const res = await t.request(
        `/user/oauth/session/google${back.search}`,
        sendState ? { cookie: stateCookie } : {},
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect(sessionCookieFrom(res)).toBeNull();
      expect(res.headers.getSetCookie().find((c) => c.startsWith("utsav_google_state="))).toMatch(
        /Expires=Thu, 01 Jan 1970|Max-Age=0/,
      );
      const count = await t.db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    },
  );

  it("accepts a state signed by another process sharing DATA_DIR, and rejects one signed with another key", async () => {
    t = await createTestApi(engine, { env: googleEnv() });
    const other = await createTestApi(engine, { env: googleEnv() });
    const stranger = await createTestApi(engine, {
      env: googleEnv({ SESSION_SECRET: "a-completely-different-secret-of-32+chars" }),
    });
    try {
      const { url, stateCookie } = await startFlow(t);
      const back = await consent(url, { profile: googleProfile("shared") });
      const forged = await stranger.request(`/user/oauth/session/google${back.search}`, {
        cookie: stateCookie,
      });
      expect(forged.status).toBe(400);
      const res = await other.request(`/user/oauth/session/google${back.search}`, {
        cookie: stateCookie,
      });
      expect(res.status).toBe(200);
    } finally {
      await other.close();
      await stranger.close();
    }
  });

  it("says Google sign-in is not configured without a client id", async () => {
    t = await createTestApi(engine, { env: { ...mock.env, DATA_DIR: dataDir } });
    const start = await t.request("/user/oauth/google", { method: "POST" });
    expect(start.status).toBe(404);
    expect(await start.json()).toEqual({ message: "Google sign-in is not configured." });
    const back = await t.request("/user/oauth/session/google?code=x&state=y");
    expect(back.status).toBe(404);
    expect(sessionCookieFrom(back)).toBeNull();
  });
});
