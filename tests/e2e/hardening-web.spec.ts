import type { APIResponse, BrowserContext } from "@playwright/test";
import { newId } from "#server/lib/crypto";
import { hashPassword } from "#server/services/accounts/auth-passwords";
import { PROFILE } from "#tests/helpers/profile";
import { expect, test, uniqueEmail } from "./fixtures";
import { insertUser, loginAs } from "./session";
import { testFile } from "./steps";

/**
 * The web layer under hostile use: security headers on every kind of response, cross-site form
 * posts to every page action, a body far over the limit, hostile redirectTo values through the
 * real login form (JavaScript on and off) and a forged X-Forwarded-Host on password recovery.
 */

/** A verified user with a password and no profile details, straight in the database. */
async function passwordUser(email: string, password: string) {
  insertUser({ id: newId(), email, passwordHash: await hashPassword(password), profile: false });
}

/** The context's cookies as a Cookie header, for raw requests made outside the page. */
async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** Signs the context in as a new user: the user, and the Cookie header for raw requests. */
async function signedIn(
  context: BrowserContext,
  baseURL: string,
  overrides?: Parameters<typeof loginAs>[2],
) {
  const user = await loginAs(context, baseURL, overrides);
  return { user, cookie: await cookieHeader(context) };
}

/** One check of raw responses is enough: the projects differ only in the browser's JavaScript. */
function rawHttpOnce() {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "raw HTTP, checked once");
}

/** Every page (Remix) action, with the reset-password page at `resetPath`. */
const pageActions = (resetPath: string) => [
  "/login",
  "/signup",
  "/forgot-password",
  "/profile",
  "/feedback",
  "/logout",
  "/auth/google",
  resetPath,
  "/event/create/12345/step1",
  "/event/create/12345/step2",
  "/event/create/12345/step3",
];

function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  expect(h["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  // The e2e server runs with NODE_ENV=production.
  expect(h["strict-transport-security"], what).toMatch(/max-age=\d{7,}/);
}

test.describe("headers", () => {
  rawHttpOnce();

  test("every kind of response carries CSP, frame-ancestors 'none', nosniff, Referrer-Policy and HSTS", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await loginAs(context, baseURL!);
    const home = await request.get("/");
    const html = await home.text();
    const asset = html.match(/\/assets\/[^"']+\.js/)![0];
    const avatar = await page.request.post("/api/v1/user/profile", {
      multipart: { ...PROFILE, profileImg: { ...testFile("logo.png"), name: "me.png" } },
    });
    expect(avatar.status()).toBe(200);
    const file = (await avatar.json()).profileImg as string;

    const cases: [string, APIResponse, number][] = [
      ["page", home, 200],
      ["script asset", await request.get(asset), 200],
      ["public file", await request.get("/robots.txt"), 200],
      ["API JSON", await request.get("/api/v1/health"), 200],
      ["API error", await request.get("/api/v1/nope"), 404],
      ["API wrong method", await request.delete("/api/v1/health"), 405],
      ["stored file", await request.get(file), 200],
      ["redirect to login", await request.get("/my/event", { maxRedirects: 0 }), 302],
      ["404 page", await request.get("/no-such-page"), 404],
      [
        "cross-site refusal",
        await request.post("/login", {
          headers: { Origin: "https://evil.example" },
          form: { email: "a@b.co", password: "x" },
        }),
        403,
      ],
      [
        "body over the limit",
        await request.post("/login", {
          headers: { "Content-Type": "application/octet-stream" },
          data: Buffer.alloc(11 * 1024 * 1024),
        }),
        413,
      ],
    ];
    for (const [what, res, status] of cases) {
      expect(res.status(), what).toBe(status);
      expectSecurityHeaders(res, what);
    }
    expect((await request.get(file)).headers()["content-security-policy"]).toContain("sandbox");
  });

  test("pages rendered for a signed-in user say Cache-Control: private, no-store; anonymous ones do not", async ({
    context,
    baseURL,
    request,
  }) => {
    const { cookie } = await signedIn(context, baseURL!);
    for (const p of ["/", "/profile", "/my/event", "/feedback", "/api/v1/user/profile"]) {
      const res = await request.get(p, { headers: { Cookie: cookie }, maxRedirects: 0 });
      expect(res.status(), p).toBe(200);
      expect(res.headers()["cache-control"], p).toBe("private, no-store");
    }
    const anonymous = await request.get("/", { headers: { Cookie: "" } });
    expect(anonymous.headers()["cache-control"] ?? "").not.toMatch(/private/);
  });

  test("pages get a fresh nonce on every response, and every script carries it", async ({
    request,
  }) => {
    const nonces = new Set<string>();
    for (const p of ["/", "/", "/login", "/no-such-page"]) {
      const res = await request.get(p);
      const csp = res.headers()["content-security-policy"];
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, p).toBeTruthy();
      expect(csp).toContain("script-src 'self' 'nonce-");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      nonces.add(nonce!);
      const html = await res.text();
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
        if (/type="application\/ld\+json"/.test(tag)) continue;
        expect(tag, p).toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces.size).toBe(4);
  });
});

test.describe("cross-site", () => {
  rawHttpOnce();

  test("a form posted from another site is refused on every page action and changes nothing", async ({
    context,
    baseURL,
    request,
  }) => {
    const { user, cookie } = await signedIn(context, baseURL!, { firstName: "Unchanged" });
    const actions = [
      ...pageActions(`/${user.id}/reset-password/${"x".repeat(43)}`),
      "/api/v1/user/profile",
    ];
    for (const action of actions) {
      for (const headers of [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
        { Origin: "null" },
      ] as Record<string, string>[]) {
        const res = await request.post(action, {
          headers: { ...headers, Cookie: cookie },
          form: {
            firstName: "Changed",
            message: "forged",
            email: "a@example.com",
            password: "a-long-password",
          },
          maxRedirects: 0,
        });
        expect(res.status(), `${action} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // Still signed in, profile unchanged.
    const me = await request.get("/api/v1/user/profile", { headers: { Cookie: cookie } });
    expect(me.status()).toBe(200);
    expect((await me.json()).firstName).toBe("Unchanged");
  });

  test("logout and publish GETs from another site are refused under percent-encoded paths too", async ({
    context,
    baseURL,
    request,
  }) => {
    const { cookie } = await signedIn(context, baseURL!);
    for (const p of [
      "/api/v1/user/logout",
      "/api/v1/user/%6cogout",
      "/api/v1/user/%6C%6F%67%6F%75%74",
      "/api/v1/event/create/12345/step3/%61ctivateEvent",
    ]) {
      const res = await request.get(p, {
        headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
        maxRedirects: 0,
      });
      expect(res.status(), p).toBe(403);
    }
    const me = await request.get("/api/v1/user/profile", { headers: { Cookie: cookie } });
    expect(me.status()).toBe(200);
  });

  test("a forgot-password post with a forged X-Forwarded-Host and Host mails a link on APP_URL", async ({
    request,
    baseURL,
    mailbox,
  }) => {
    const email = uniqueEmail("forged.host");
    await passwordUser(email, "a-long-password");
    const res = await request.post("/forgot-password", {
      headers: {
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "https",
        Forwarded: "host=evil.example",
      },
      form: { email },
      maxRedirects: 0,
    });
    expect(res.status()).toBeLessThan(400);
    const mail = await mailbox.latest(email, /password/i);
    expect(mail.text).not.toContain("evil.example");
    const reset = mail.links.filter((l) => /reset-password/.test(l));
    expect(reset.length).toBeGreaterThan(0);
    for (const link of reset) expect(link.startsWith(`${baseURL}/`)).toBe(true);
  });
});

test.describe("malformed bodies", () => {
  rawHttpOnce();

  test("every page action answers a body that is not a form, or not a valid one, with a 4xx, never a 500", async ({
    context,
    baseURL,
    request,
  }) => {
    const { cookie } = await signedIn(context, baseURL!);
    const actions = [...pageActions("/x/reset-password/y"), "/login.data"];
    const bodies: [string | undefined, string][] = [
      ["multipart/form-data; boundary=x", "garbage"],
      ["multipart/form-data", "--x\r\n"],
      ["text/plain", "email=a"],
      ["application/json", "{"],
      [undefined, ""],
    ];
    for (const action of actions) {
      for (const [type, body] of bodies) {
        const res = await request.post(action, {
          headers: { Cookie: cookie, ...(type ? { "Content-Type": type } : {}) },
          data: body,
          maxRedirects: 0,
        });
        expect(res.status(), `${action} ${type}`).toBeGreaterThanOrEqual(400);
        expect(res.status(), `${action} ${type}`).toBeLessThan(500);
      }
    }
    expect((await request.get("/api/v1/health")).status()).toBe(200);
  });
});

test.describe("redirectTo through the real login form", () => {
  const hostile = [
    "http://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
    "https:evil.example",
    "/%2F%2Fevil.example",
    // A character no header can carry: the redirect to it was a 500.
    "/\uFF0F/evil.example",
  ];

  test("hostile values land on / and a path of this site is followed", async ({
    page,
    baseURL,
  }) => {
    // Nine real logins (argon2 each) on a shared machine.
    test.setTimeout(90_000);
    const email = uniqueEmail("redirect");
    await passwordUser(email, "a-long-password");
    page.on("dialog", () => {
      throw new Error("a dialog opened");
    });
    const login = async (redirectTo: string) => {
      await page.context().clearCookies();
      await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
      await page.getByLabel("Email Address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("a-long-password");
      await page.getByRole("button", { name: "Get started" }).click();
    };
    for (const value of hostile) {
      await login(value);
      await expect(page, value).toHaveURL(`${baseURL}/`);
    }
    await login("/my/event");
    await expect(page).toHaveURL(`${baseURL}/my/event`);
  });
});
