import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_RATE_LIMITS } from "#server/http/accounts/user";
import { LOGIN_LIMITS } from "#server/services/accounts/login-guard";
import { ACCOUNT_MESSAGES } from "#server/services/accounts/users";
import {
  APP_URL,
  createTestApi,
  engines,
  linksIn,
  outbox,
  sessionCookieFrom,
  type TestApi,
} from "#tests/helpers/api";
import { createUserWithSession, TEST_PROFILE } from "#tests/helpers/users";

const PASSWORD = "s3cret-pass";

async function json(res: Response) {
  return (await res.json()) as Record<string, any>;
}

describe.each(engines)("accounts API on %s", (engine) => {
  let t: TestApi;
  let seq = 0;
  /** A fresh address per test, so tests share one database without stepping on each other. */
  let email: string;

  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    email = `asha.${engine}.${++seq}@example.com`;
  });

  async function mailsTo(address: string) {
    return (await outbox(t.db)).filter((m) => m.to === address);
  }

  /** The path of the newest mailed link to `address` matching `pattern`, checked to start at APP_URL. */
  async function linkTo(address: string, pattern: RegExp): Promise<string> {
    const mails = await mailsTo(address);
    const links = mails.flatMap((m) => linksIn(m.text)).filter((l) => pattern.test(l));
    const link = links.at(-1);
    expect(link, `a mailed link matching ${pattern}`).toBeDefined();
    expect(link!.startsWith(`${APP_URL}/`)).toBe(true);
    return link!.slice(APP_URL.length);
  }

  function signup(body: Record<string, unknown> = {}, ip?: string) {
    return t.request("/user/signup", {
      json: { firstName: "Asha", lastName: "Verma", email, password: PASSWORD, ...body },
      ip,
    });
  }
  function login(body: Record<string, unknown> = {}, init: { cookie?: string; ip?: string } = {}) {
    return t.request("/user/login", { json: { email, password: PASSWORD, ...body }, ...init });
  }
  /** Signs up, verifies through the mailed link, logs in: answers the session cookie and the user. */
  async function verifiedUser(): Promise<{ cookie: string; id: string }> {
    expect((await signup()).status).toBe(200);
    const verify = await linkTo(email, /\/verify\//);
    expect((await t.request(`/user${verify}`)).status).toBe(200);
    const res = await login();
    expect(res.status).toBe(200);
    return { cookie: sessionCookieFrom(res)!, id: (await json(res))._id };
  }

  describe("POST /user/signup", () => {
    it("creates an unverified user with an argon2id hash and mails a verification link built from APP_URL", async () => {
      const res = await signup({ email: `  ${email.toUpperCase()} ` }, undefined);
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.signup });
      const row = await t.db
        .selectFrom("users")
        .selectAll()
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row.emailVerifiedAt).toBeNull();
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain(PASSWORD);
      const path = await linkTo(email, /\/verify\//);
      expect(path).toMatch(new RegExp(`^/${row.id}/verify/[A-Za-z0-9_-]{43}$`));
      // Only the token's hash is stored.
      const token = path.split("/").at(-1)!;
      const tokens = await t.db
        .selectFrom("tokens")
        .selectAll()
        .where("userId", "=", row.id)
        .execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0].tokenHash).not.toBe(token);
      expect(tokens[0].purpose).toBe("verify");
    });

    it("never builds links from the request's Host header", async () => {
      await t.request("/user/signup", {
        json: { firstName: "Asha", email, password: PASSWORD },
        headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
      });
      const [mail] = await mailsTo(email);
      expect(mail.text).not.toContain("evil.example");
      expect(mail.html).not.toContain("evil.example");
    });

    it("answers a duplicate signup the same way, creates nothing and mails the owner instead", async () => {
      await signup();
      const again = await signup({ firstName: "Mallory", password: "another-pass" });
      expect(again.status).toBe(200);
      expect(await json(again)).toEqual({ message: ACCOUNT_MESSAGES.signup });
      const rows = await t.db.selectFrom("users").selectAll().where("email", "=", email).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].firstName).toBe("Asha");
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(2);
      expect(mails[1].subject).toMatch(/someone tried to sign up/i);
      expect(mails[1].text).toContain(`${APP_URL}/forgot-password`);
    });

    it("answers validation errors with the spec's messages keyed by field, and stores nothing", async () => {
      const res = await t.request("/user/signup", {
        json: { firstName: "4sha", lastName: "V3rma", email: "nope", password: "short" },
      });
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.errors).toEqual({
        firstName: ["Only Alphabet is allowed"],
        lastName: ["Only Alphabet is allowed"],
        email: ["Invalid Email"],
        password: ["Password of 8 charaters"],
      });
      expect(body.message).toBe("Only Alphabet is allowed");
      const empty = await t.request("/user/signup", {
        json: { firstName: "", email: "", password: "" },
      });
      expect((await json(empty)).errors).toEqual({
        firstName: ["First Name is required"],
        email: ["Email address is required"],
        password: ["Password is required"],
      });
      expect(
        await t.db.selectFrom("users").selectAll().where("email", "=", "nope").execute(),
      ).toHaveLength(0);
    });

    it("a filled honeypot gets the usual answer and creates nothing", async () => {
      const res = await signup({ website: "http://spam.example" });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.signup });
      expect(
        await t.db.selectFrom("users").selectAll().where("email", "=", email).execute(),
      ).toHaveLength(0);
      expect(await mailsTo(email)).toHaveLength(0);
    });

    it("accepts a urlencoded form too", async () => {
      const res = await t.request("/user/signup", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          firstName: "Asha",
          email,
          password: PASSWORD,
          website: "",
        }).toString(),
      });
      expect(res.status).toBe(200);
      expect(
        await t.db.selectFrom("users").selectAll().where("email", "=", email).execute(),
      ).toHaveLength(1);
    });
  });

  describe("the way back through signup (issue 31)", () => {
    const invite = "/event/12345/team/join?code=ABC234";

    it("the verification link carries redirectTo, and still verifies", async () => {
      expect((await signup({ redirectTo: invite })).status).toBe(200);
      const link = await linkTo(email, /\/verify\//);
      const url = new URL(link, APP_URL);
      expect(url.searchParams.get("redirectTo")).toBe(invite);
      expect((await t.request(`/user${url.pathname}`)).status).toBe(200);
    });

    it("the mail sent again at login carries the login's redirectTo", async () => {
      await signup();
      expect((await login({ redirectTo: invite })).status).toBe(403);
      const url = new URL(await linkTo(email, /\/verify\//), APP_URL);
      expect(url.searchParams.get("redirectTo")).toBe(invite);
    });

    it("a redirectTo that is not a path of this site is dropped, never a reason to refuse", async () => {
      for (const redirectTo of [
        "https://evil.example/x",
        "//evil.example",
        "/\\evil",
        "x".repeat(3000),
      ]) {
        email = `asha.${engine}.${++seq}@example.com`;
        expect((await signup({ redirectTo })).status).toBe(200);
        const link = await linkTo(email, /\/verify\//);
        expect(link).not.toContain("redirectTo");
      }
    });
  });

  describe("GET /user/{id}/verify/{token}", () => {
    it("verifies once; reuse, unknown and another user's token get one message", async () => {
      await signup();
      const path = await linkTo(email, /\/verify\//);
      const ok = await t.request(`/user${path}`);
      expect(ok.status).toBe(200);
      expect(await json(ok)).toEqual({ message: ACCOUNT_MESSAGES.verified });
      const row = await t.db
        .selectFrom("users")
        .selectAll()
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(row.emailVerifiedAt).toBe(t.clock.now().toISOString());

      const [, id, , token] = path.split("/");
      const other = await createUserWithSession(t.deps);
      for (const bad of [
        path,
        `/${id}/verify/not-a-token`,
        `/${other.user.id}/verify/${token}`,
        `/${id}/verify/${"x".repeat(500)}`,
      ]) {
        const res = await t.request(`/user${bad}`);
        expect(res.status).toBe(400);
        expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.invalidLink });
      }
    });

    it("expires after 48 hours", async () => {
      await signup();
      const path = await linkTo(email, /\/verify\//);
      t.clock.advance(48 * 3_600_000 + 1000);
      const res = await t.request(`/user${path}`);
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.invalidLink });
    });
  });

  describe("POST /user/login", () => {
    it("logs a verified user in: user object (no secrets) and an HttpOnly session cookie", async () => {
      await signup();
      await t.request(`/user${await linkTo(email, /\/verify\//)}`);
      const res = await login({ email: email.toUpperCase() });
      expect(res.status).toBe(200);
      const user = await json(res);
      expect(user).toMatchObject({ firstName: "Asha", lastName: "Verma", email, profileImg: null });
      expect(JSON.stringify(user)).not.toMatch(/argon|passwordHash|token/i);
      const setCookie = res.headers.getSetCookie().join("\n");
      expect(setCookie).toMatch(/utsav_session=.+; .*HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const me = await t.request("/user/profile", { cookie: sessionCookieFrom(res)! });
      expect(me.status).toBe(200);
      expect((await json(me))._id).toBe(user._id);
    });

    it("gives one message for a wrong password and an unknown e-mail", async () => {
      await verifiedUser();
      const wrong = await login({ password: "wrong-password" });
      const unknown = await login({ email: `nobody.${email}` });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.invalidCredentials });
        expect(sessionCookieFrom(res)).toBeNull();
      }
    });

    it("refuses an unverified account with a clear message and a fresh verification mail", async () => {
      await signup();
      const before = (await mailsTo(email)).length;
      const res = await login();
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.unverified });
      expect(sessionCookieFrom(res)).toBeNull();
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(before + 1);
      // The fresh link works.
      expect((await t.request(`/user${await linkTo(email, /\/verify\//)}`)).status).toBe(200);
      expect((await login()).status).toBe(200);
    });

    it("a wrong password on an unverified account says nothing about verification", async () => {
      await signup();
      const res = await login({ password: "wrong-password" });
      expect(res.status).toBe(401);
      expect((await mailsTo(email)).length).toBe(1);
    });

    it("a planted session cookie does not survive login (no fixation)", async () => {
      await verifiedUser();
      // The attacker's own valid session, planted in the victim's browser.
      const attacker = await createUserWithSession(t.deps);
      const res = await login({}, { cookie: attacker.cookie });
      expect(res.status).toBe(200);
      const fresh = sessionCookieFrom(res)!;
      expect(fresh).not.toBe(attacker.cookie);
      expect((await t.request("/user/profile", { cookie: attacker.cookie })).status).toBe(401);
      expect((await json(await t.request("/user/profile", { cookie: fresh }))).email).toBe(email);
      // A made-up token planted before login is not adopted either.
      const planted = "utsav_session=attacker-chosen-value";
      const again = await login({}, { cookie: planted });
      expect(sessionCookieFrom(again)).not.toBe(planted);
      expect((await t.request("/user/profile", { cookie: planted })).status).toBe(401);
    });

    it("wrong passwords from other addresses cannot lock the owner out", async () => {
      await verifiedUser();
      // Ten wrong tries from one address, ten from another: the owner's old limit was ten in all.
      for (const ip of ["198.51.100.1", "198.51.100.2"])
        for (let i = 0; i < LOGIN_LIMITS.perPair.limit; i++)
          expect((await login({ password: "wrong-password" }, { ip })).status).toBe(401);
      // The owner, on a new phone and a new address, with the right password.
      expect((await login({}, { ip: "192.0.2.50" })).status).toBe(200);
    }, 180_000);

    it("the per account-and-address limit holds: past it, that address is refused even with the right password, with 429, Retry-After and a readable message", async () => {
      await verifiedUser();
      const ip = "198.51.100.20";
      for (let i = 0; i < LOGIN_LIMITS.perPair.limit; i++)
        expect((await login({ password: "wrong-password" }, { ip })).status).toBe(401);
      const res = await login({}, { ip });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await json(res)).message).toMatch(/too many attempts/i);
      // Another address is not held by it.
      expect((await login({}, { ip: "198.51.100.21" })).status).toBe(200);
      t.clock.advance(LOGIN_LIMITS.perPair.windowMs + 1000);
      expect((await login({}, { ip })).status).toBe(200);
    }, 180_000);

    it("the per-account limit on failures bounds guessing spread over many addresses; the owner's known device and address still get in", async () => {
      await verifiedUser(); // signs in from the default test address
      const device = (await login()).headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .find((c) => c.startsWith("utsav_device="));
      expect(device).toBeTruthy();
      const { limit, windowMs } = LOGIN_LIMITS.accountFailures;
      // Each address stays under its own limit; together they pass the account's.
      const ipOf = (i: number) => `10.${Math.floor(i / 5)}.0.${(i % 5) + 1}`;
      for (let i = 0; i < limit; i++)
        expect((await login({ password: `wrong-guess-${i}` }, { ip: ipOf(i) })).status).toBe(401);
      // Now a stranger's guess is not even checked: the right password from a new place is refused.
      expect((await login({}, { ip: "172.16.0.1" })).status).toBe(429);
      expect((await login({ password: "wrong-guess-x" }, { ip: "172.16.0.2" })).status).toBe(429);
      // The owner's browser (its device cookie) from a new address, and the owner's usual address.
      expect((await login({}, { ip: "172.16.0.3", cookie: device })).status).toBe(200);
      expect((await login({})).status).toBe(200);
      t.clock.advance(windowMs + 1000);
      expect((await login({}, { ip: "172.16.0.1" })).status).toBe(200);
    }, 180_000);

    it("rate-limits per IP across accounts", async () => {
      const ip = "192.0.2.99";
      const { limit } = ACCOUNT_RATE_LIMITS.loginPerIp;
      for (let i = 0; i < limit; i++) {
        const res = await login(
          { email: `guess${i}.${email}`, password: "wrong-password" },
          { ip },
        );
        expect(res.status).toBe(401);
      }
      const res = await login({ email: `guess.last.${email}` }, { ip });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
      t.clock.advance(ACCOUNT_RATE_LIMITS.loginPerIp.windowMs);
    }, 180_000);
  });

  describe("GET /user/logout", () => {
    it("deletes the session and clears the cookie; the old cookie no longer works", async () => {
      const { cookie } = await verifiedUser();
      const res = await t.request("/user/logout", { cookie });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.loggedOut });
      expect(res.headers.getSetCookie().join("\n")).toMatch(/utsav_session=;.*Max-Age=0/i);
      expect((await t.request("/user/profile", { cookie })).status).toBe(401);
    });

    it("refuses to be triggered from another site", async () => {
      const { cookie } = await verifiedUser();
      for (const site of ["cross-site", "same-site"]) {
        const res = await t.request("/user/logout", {
          cookie,
          headers: { "Sec-Fetch-Site": site },
        });
        expect(res.status).toBe(403);
      }
      expect((await t.request("/user/profile", { cookie })).status).toBe(200);
      const same = await t.request("/user/logout", {
        cookie,
        headers: { "Sec-Fetch-Site": "same-origin" },
      });
      expect(same.status).toBe(200);
    });

    it("answers without a session too", async () => {
      expect((await t.request("/user/logout")).status).toBe(200);
    });
  });

  describe("password recovery", () => {
    it("forgot answers the same for known and unknown addresses, mailing only the known one", async () => {
      await verifiedUser();
      const known = await t.request("/user/forgot-password", {
        json: { email: email.toUpperCase() },
      });
      const unknown = await t.request("/user/forgot-password", {
        json: { email: `nobody.${email}` },
      });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(await json(known)).toEqual({ message: ACCOUNT_MESSAGES.forgot });
      expect(await json(unknown)).toEqual({ message: ACCOUNT_MESSAGES.forgot });
      expect(await mailsTo(`nobody.${email}`)).toHaveLength(0);
      expect(await linkTo(email, /\/reset-password\//)).toMatch(
        /^\/[0-9a-f]{24}\/reset-password\/[A-Za-z0-9_-]{43}$/,
      );
    });

    it("forgot validates with its own messages", async () => {
      const res = await t.request("/user/forgot-password", { json: { email: "" } });
      expect(res.status).toBe(400);
      expect((await json(res)).errors).toEqual({ email: ["Email Address is required"] });
      const bad = await t.request("/user/forgot-password", { json: { email: "asha@" } });
      expect((await json(bad)).errors).toEqual({ email: ["Invalid Email Address"] });
    });

    it("reset sets the password once, ends every session and retires older links", async () => {
      const first = await verifiedUser();
      const second = sessionCookieFrom(await login())!;
      await t.request("/user/forgot-password", { json: { email } });
      const older = await linkTo(email, /\/reset-password\//);
      await t.request("/user/forgot-password", { json: { email } });
      const path = await linkTo(email, /\/reset-password\//);
      expect(path).not.toBe(older);

      const weak = await t.request(`/user${path}`, { json: { password: "short" } });
      expect(weak.status).toBe(400);
      expect((await json(weak)).errors).toEqual({ password: ["Password of 8 charaters"] });

      const res = await t.request(`/user${path}`, { json: { password: "brand-new-pass" } });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.reset });
      for (const cookie of [first.cookie, second])
        expect((await t.request("/user/profile", { cookie })).status).toBe(401);

      for (const used of [path, older]) {
        const again = await t.request(`/user${used}`, { json: { password: "third-password" } });
        expect(again.status).toBe(400);
        expect(await json(again)).toEqual({ message: ACCOUNT_MESSAGES.invalidLink });
      }
      expect((await login()).status).toBe(401);
      expect((await login({ password: "brand-new-pass" })).status).toBe(200);
    });

    it("two requests racing with one reset link: exactly one wins", async () => {
      await verifiedUser();
      await t.request("/user/forgot-password", { json: { email } });
      const path = await linkTo(email, /\/reset-password\//);
      const results = await Promise.all(
        ["first-new-pass", "second-new-pass", "third-new-pass"].map((password, i) =>
          t.request(`/user${path}`, { json: { password }, ip: `10.77.0.${i}` }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    });

    it("a reset proves the address: an unverified account becomes verified", async () => {
      await signup();
      await t.request("/user/forgot-password", { json: { email } });
      const path = await linkTo(email, /\/reset-password\//);
      expect(
        (await t.request(`/user${path}`, { json: { password: "brand-new-pass" } })).status,
      ).toBe(200);
      expect((await login({ password: "brand-new-pass" })).status).toBe(200);
    });

    it("a reset link expires after 30 minutes", async () => {
      await verifiedUser();
      await t.request("/user/forgot-password", { json: { email } });
      const path = await linkTo(email, /\/reset-password\//);
      t.clock.advance(30 * 60_000 + 1000);
      const res = await t.request(`/user${path}`, { json: { password: "brand-new-pass" } });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.invalidLink });
      expect((await login()).status).toBe(200);
    });

    it("a reset link can be checked on arrival without using it (flows d)", async () => {
      await verifiedUser();
      await t.request("/user/forgot-password", { json: { email } });
      const path = await linkTo(email, /\/reset-password\//);
      for (let i = 0; i < 2; i++) {
        const open = await t.request(`/user${path}`);
        expect(open.status).toBe(200);
        expect(await json(open)).toEqual({ message: ACCOUNT_MESSAGES.resetLinkOpen });
      }
      // Looking did not use it up.
      expect(
        (await t.request(`/user${path}`, { json: { password: "brand-new-pass" } })).status,
      ).toBe(200);
      const id = path.split("/")[1];
      for (const dead of [
        path,
        `/${id}/reset-password/${"x".repeat(43)}`,
        "/abc/reset-password/%00",
      ]) {
        const res = await t.request(`/user${dead}`);
        expect(res.status, dead).toBe(400);
        expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.invalidLink });
      }
      // An expired link answers alike.
      await t.request("/user/forgot-password", { json: { email } });
      const later = await linkTo(email, /\/reset-password\//);
      expect((await t.request(`/user${later}`)).status).toBe(200);
      t.clock.advance(30 * 60_000 + 1000);
      const expired = await t.request(`/user${later}`);
      expect(expired.status).toBe(400);
      expect(await json(expired)).toEqual({ message: ACCOUNT_MESSAGES.invalidLink });
    });

    it("rate-limits forgot per address", async () => {
      await verifiedUser();
      const { limit } = ACCOUNT_RATE_LIMITS.forgotPerAccount;
      for (let i = 0; i < limit; i++) {
        expect(
          (await t.request("/user/forgot-password", { json: { email }, ip: `198.18.0.${i}` }))
            .status,
        ).toBe(200);
      }
      const res = await t.request("/user/forgot-password", { json: { email }, ip: "198.18.0.250" });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect((await mailsTo(email)).filter((m) => /reset/i.test(m.subject))).toHaveLength(limit);
    });

    it("rate-limits signup per IP", async () => {
      const ip = "198.19.0.1";
      const { limit } = ACCOUNT_RATE_LIMITS.signupPerIp;
      for (let i = 0; i < limit; i++)
        expect((await signup({ email: `s${i}.${email}` }, ip)).status).toBe(200);
      const res = await signup({}, ip);
      expect(res.status).toBe(429);
      expect(
        await t.db.selectFrom("users").selectAll().where("email", "=", email).execute(),
      ).toHaveLength(0);
    });
  });

  describe("profile", () => {
    const profile = TEST_PROFILE;
    function form(fields: Record<string, string>, file?: File) {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      if (file) f.append("profileImg", file);
      return f;
    }
    async function png(width = 600, height = 400) {
      return sharp({ create: { width, height, channels: 3, background: "#5b2bd6" } })
        .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } })
        .png()
        .toBuffer();
    }

    it("GET /user/profile answers 401 without a session", async () => {
      const res = await t.request("/user/profile");
      expect(res.status).toBe(401);
      expect((await json(res)).message).toBeTruthy();
    });

    it("updates the fields and the avatar (re-encoded square WebP without metadata), dropping empty strings", async () => {
      const { cookie } = await verifiedUser();
      const res = await t.request("/user/profile", {
        method: "POST",
        cookie,
        body: form(
          { ...profile, lastName: "", course: "M.Tech" },
          new File([new Uint8Array(await png())], "me.png", { type: "image/png" }),
        ),
      });
      expect(res.status).toBe(200);
      const user = await json(res);
      expect(user).toMatchObject({ ...profile, lastName: null, course: "M.Tech", email });
      expect(user.profileImg).toMatch(/^\/api\/v1\/files\/.+\.webp$/);
      const file = await t.request(user.profileImg.replace("/api/v1", ""));
      expect(file.status).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(meta.height);
      expect(meta.exif).toBeUndefined();
      // The profile call answers the same user afterwards, avatar kept when no new file comes.
      const again = await t.request("/user/profile", {
        method: "POST",
        cookie,
        body: form(profile),
      });
      expect((await json(again)).profileImg).toBe(user.profileImg);
    });

    it("answers the spec's messages for bad fields and changes nothing", async () => {
      const { cookie } = await verifiedUser();
      const res = await t.request("/user/profile", {
        method: "POST",
        cookie,
        body: form({
          firstName: "Asha",
          lastName: "V#",
          gender: "other",
          courseSpecialisation: "AI/ML",
          collegeName: "",
          location: "a;b",
        }),
      });
      expect(res.status).toBe(400);
      expect((await json(res)).errors).toEqual({
        lastName: ["Invalid Last Name"],
        gender: ["Gender is required"],
        course: ["Course is required"],
        courseSpecialisation: ["Invalid Course Specialisation"],
        collegeName: ["College Name is required"],
        location: ["Invalid  Location"],
      });
      const me = await json(await t.request("/user/profile", { cookie }));
      expect(me.gender).toBeNull();
      expect(me.lastName).toBe("Verma");
    });

    it("refuses an 11 MB avatar with 413 'File size should not exceed 10MB'", async () => {
      const { cookie } = await verifiedUser();
      const big = new Uint8Array(11 * 1024 * 1024);
      big.set(await png(10, 10));
      const res = await t.request("/user/profile", {
        method: "POST",
        cookie,
        body: form(profile, new File([big], "big.png", { type: "image/png" })),
      });
      expect(res.status).toBe(413);
      expect((await json(res)).message).toBe("File size should not exceed 10MB");
    });

    it("refuses a PNG-named HTML file with 415, keyed to the avatar field, and stores nothing", async () => {
      const { cookie } = await verifiedUser();
      const html = new File(["<!doctype html><script>alert(1)</script>"], "cat.png", {
        type: "image/png",
      });
      const res = await t.request("/user/profile", {
        method: "POST",
        cookie,
        body: form(profile, html),
      });
      expect(res.status).toBe(415);
      const body = await json(res);
      expect(body.errors.profileImg[0]).toMatch(/upload an image/i);
      const me = await json(await t.request("/user/profile", { cookie }));
      expect(me.profileImg).toBeNull();
      expect(me.gender).toBeNull();
    });

    it("needs a session, and only ever touches and answers the signed-in user", async () => {
      expect(
        (await t.request("/user/profile", { method: "POST", body: form(profile) })).status,
      ).toBe(401);
      const me = await verifiedUser();
      const other = await createUserWithSession(t.deps, {
        firstName: "Ravi",
        collegeName: "NIT Trichy",
      });
      const res = await t.request("/user/profile", {
        method: "POST",
        cookie: me.cookie,
        // An _id or email smuggled in the form changes nothing.
        body: form({
          ...profile,
          firstName: "Meera",
          _id: other.user.id,
          id: other.user.id,
          email: other.user.email,
        }),
      });
      const body = await json(res);
      expect(body._id).toBe(me.id);
      expect(body.email).toBe(email);
      const otherNow = await json(await t.request("/user/profile", { cookie: other.cookie }));
      expect(otherNow.firstName).toBe("Ravi");
      expect(otherNow.collegeName).toBe("NIT Trichy");
      const mine = await json(await t.request("/user/profile", { cookie: me.cookie }));
      expect(mine._id).toBe(me.id);
      expect(JSON.stringify(mine)).not.toContain("Ravi");
      expect(JSON.stringify(mine)).not.toContain(other.user.email);
    });
  });

  describe("malformed input never gives a 5xx", () => {
    it("odd link paths get the one invalid-link message", async () => {
      for (const path of [
        "/user/%ZZ/verify/%E0%A4%A",
        "/user/%00/verify/x",
        `/user/a/verify/${"%F0".repeat(10)}`,
        "/user/abc/verify/%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00",
      ]) {
        const res = await t.request(path);
        expect(res.status, path).toBe(400);
        expect(await json(res)).toEqual({ message: ACCOUNT_MESSAGES.invalidLink });
      }
      for (const path of ["/user/%00/reset-password/x", "/user/x/reset-password/%ZZ"]) {
        const res = await t.request(path, { json: { password: "long-enough" }, ip: "10.200.0.1" });
        expect(res.status, path).toBe(400);
      }
    });

    const bodies: [string, RequestInit][] = [
      [
        "broken JSON",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" },
      ],
      [
        "JSON array",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: "[1,2]" },
      ],
      [
        "JSON string",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: '"x"' },
      ],
      [
        "JSON null",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: "null" },
      ],
      [
        "wrong types",
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: 5, password: ["a"], firstName: {} }),
        },
      ],
      ["text body", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hello" }],
      ["no body", { method: "POST" }],
      [
        "bad multipart",
        {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=x" },
          body: "--x\r\ngarbage",
        },
      ],
    ];
    for (const path of [
      "/user/signup",
      "/user/login",
      "/user/forgot-password",
      "/user/abc/reset-password/def",
      "/user/profile",
    ]) {
      it(`POST ${path}`, async () => {
        const { cookie } = await createUserWithSession(t.deps);
        for (const [name, init] of bodies) {
          const res = await t.request(path, {
            ...init,
            cookie,
            ip: `10.9.${seq}.${Math.floor(Math.random() * 250)}`,
          });
          expect(res.status, `${name} → ${res.status}`).toBeGreaterThanOrEqual(400);
          expect(res.status, name).toBeLessThan(500);
          expect(typeof (await json(res)).message).toBe("string");
        }
      });
    }
  });
});
