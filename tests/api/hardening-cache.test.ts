import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/services/auth-passwords";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * What the API answers to a session is that person's alone: `Cache-Control: private, no-store`,
 * so neither a shared cache nor the browser's back button shows it to someone else.
 */
describe.each(engines)("caching of answers to a session on %s", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine, { config: { rateLimit: false } });
  });
  afterAll(() => t.close());

  it("the profile, my events and the event list say private, no-store to a signed-in user", async () => {
    const { cookie } = await createUserWithSession(t.deps);
    for (const p of ["/user/profile", "/my/event", "/event/get-all"]) {
      const res = await t.request(p, { cookie });
      expect(res.status, p).toBe(200);
      expect(res.headers.get("cache-control"), p).toBe("private, no-store");
    }
  });

  it("a login answer (it sets the session cookie) says private, no-store", async () => {
    const { user } = await createUserWithSession(t.deps, {
      passwordHash: await hashPassword("a-long-password"),
    });
    const res = await t.request("/user/login", {
      json: { email: user.email, password: "a-long-password" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("an anonymous public list is not marked private", async () => {
    const res = await t.request("/event/get-all");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control") ?? "").not.toMatch(/private/);
  });

  it("an anonymous public list may be shared for the page cache's seconds, and not when that is 0", async () => {
    for (const p of [
      "/event/get-all",
      "/event/find?q=fest",
      "/event/find?open=true&limit=8&total=0",
    ]) {
      const res = await t.request(p);
      expect(res.headers.get("cache-control"), p).toBe(
        `public, max-age=${t.deps.config.pageCacheSeconds}`,
      );
    }
    const off = await createTestApi(engine, { config: { rateLimit: false, pageCacheSeconds: 0 } });
    try {
      const res = await off.request("/event/get-all");
      expect(res.headers.get("cache-control") ?? "").not.toMatch(/public/);
    } finally {
      await off.close();
    }
  });
});
