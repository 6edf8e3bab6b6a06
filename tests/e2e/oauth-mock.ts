import type { IncomingMessage } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext } from "@playwright/test";

/**
 * A stand-in for Google: a real OAuth2/OpenID server (oauth2-mock-server) on loopback. Its
 * consent screen answers at once, so which person "signs in", and how the return goes, is chosen
 * per browser (or per API test) by a cookie on the mock's own origin. Cookies are per browser
 * context, so parallel tests never see each other's choice.
 */

/** Google's userinfo fields that the app reads. */
export interface MockGoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

export interface MockGoogleChoice {
  profile: MockGoogleProfile;
  /** How the provider sends the browser back: with a code (default), a denial, or a bad state. */
  outcome?: "ok" | "access_denied" | "tamper-state" | "drop-state";
}

export const MOCK_COOKIE = "mock_google";

export function mockCookieValue(choice: MockGoogleChoice): string {
  return encodeURIComponent(JSON.stringify(choice));
}

function choiceFrom(req: IncomingMessage): MockGoogleChoice | null {
  const cookie = req.headers.cookie ?? "";
  const match = new RegExp(`(?:^|;\\s*)${MOCK_COOKIE}=([^;]*)`).exec(cookie);
  if (!match) return null;
  try {
    return JSON.parse(decodeURIComponent(match[1])) as MockGoogleChoice;
  } catch {
    return null;
  }
}

/** Starts the provider; its authorize, token and userinfo URLs are what GOOGLE_*_URL point at. */
export async function startOAuthMock(port = 0, host = "127.0.0.1") {
  const { OAuth2Server } = await import("oauth2-mock-server");
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const profileByCode = new Map<string, MockGoogleProfile>();
  const profileByToken = new Map<string, MockGoogleProfile>();
  const tokenRequests: Record<string, string>[] = [];

  server.service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }, req: IncomingMessage) => {
    const choice = choiceFrom(req);
    const code = url.searchParams.get("code");
    if (code && choice) profileByCode.set(code, choice.profile);
    switch (choice?.outcome) {
      case "access_denied":
        url.searchParams.delete("code");
        url.searchParams.set("error", "access_denied");
        break;
      case "tamper-state":
        url.searchParams.set("state", `${url.searchParams.get("state")}x`);
        break;
      case "drop-state":
        url.searchParams.delete("state");
        break;
    }
  });
  server.service.on(
    "beforeResponse",
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: IncomingMessage & { body: Record<string, string> },
    ) => {
      tokenRequests.push({ ...req.body });
      const profile = profileByCode.get(req.body.code);
      profileByCode.delete(req.body.code);
      if (profile && typeof response.body.access_token === "string")
        profileByToken.set(response.body.access_token, profile);
    },
  );
  server.service.on(
    "beforeUserinfo",
    (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const profile = profileByToken.get(token);
      if (profile) response.body = profile;
      else {
        response.statusCode = 401;
        response.body = { error: "invalid_token" };
      }
    },
  );

  await server.start(port, host);
  // The loopback address, not "localhost": its cookies must stay apart from the app's.
  const url = `http://${host}:${server.address().port}`;
  server.issuer.url = url;
  return {
    url,
    /** What the app sent to the token endpoint (code, client_id, redirect_uri …), oldest first. */
    tokenRequests,
    env: {
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    stop: () => server.stop(),
  };
}

/** A Google account of one's own for a test: unique subject and e-mail. */
export function googleProfile(
  tag: string,
  overrides: Partial<MockGoogleProfile> = {},
): MockGoogleProfile {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return {
    sub: `g-${tag}-${id}`,
    email: `${tag}.${id}@gmail.example`,
    email_verified: true,
    given_name: "Meera",
    family_name: "Iyer",
    picture: "https://lh3.googleusercontent.com/a/mock-avatar",
    ...overrides,
  };
}

/** Makes the provider sign this browser in as `choice` (a cookie on the provider's origin). */
export async function chooseGoogleAccount(
  context: BrowserContext,
  choice: MockGoogleChoice,
): Promise<void> {
  await context.addCookies([
    {
      name: MOCK_COOKIE,
      value: mockCookieValue(choice),
      url: `http://127.0.0.1:${process.env.E2E_OAUTH_PORT}`,
    },
  ]);
}

// Run as a script (the Playwright webServer entry): serve on E2E_OAUTH_PORT until killed.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void startOAuthMock(Number(process.env.E2E_OAUTH_PORT ?? 0)).then((mock) => {
    console.log(`OAuth2 mock on ${mock.url}`);
    for (const sig of ["SIGINT", "SIGTERM"] as const)
      process.on(sig, () => void mock.stop().finally(() => process.exit(0)));
  });
}
