import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/services/accounts/auth-passwords";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
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

  it("a published event's updates and results are shared like the lists when asked anonymously; a draft's never", async () => {
    const { user, cookie } = await createUserWithSession(t.deps);
    const published = await insertEvent(t.deps, user.id);
    const draft = await insertEvent(t.deps, user.id, { status: "draft" });
    for (const part of ["announcements", "results"]) {
      const anonymous = await t.request(`/event/${published.eventNumber}/${part}`);
      expect(anonymous.status, part).toBe(200);
      expect(anonymous.headers.get("cache-control"), part).toBe(
        `public, max-age=${t.deps.config.pageCacheSeconds}`,
      );
      const signedIn = await t.request(`/event/${published.eventNumber}/${part}`, { cookie });
      expect(signedIn.headers.get("cache-control"), part).toBe("private, no-store");
      // A draft is its creator's alone (and 404 to everyone else, which nothing keeps).
      const own = await t.request(`/event/${draft.eventNumber}/${part}`, { cookie });
      expect(own.status, part).toBe(200);
      expect(own.headers.get("cache-control"), part).toBe("private, no-store");
      const hidden = await t.request(`/event/${draft.eventNumber}/${part}`);
      expect(hidden.status, part).toBe(404);
      expect(hidden.headers.get("cache-control") ?? "", part).not.toMatch(/public/);
    }
  });
});
