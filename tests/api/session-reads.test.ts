import { afterEach, describe, expect, it } from "vitest";
import type { SessionReads } from "#server/http/context";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * One page request, one session read (server/http/session.ts): the GETs a page's loaders send
 * in-process with the same `sessionReads` share one lookup; a POST, a response setting a cookie,
 * and the next page request (a new Map) read the session afresh.
 */
describe.each(engines)("session reads of one page request (%s)", (engine) => {
  let t: TestApi;
  afterEach(() => t?.close());

  const ask = (reads: SessionReads, path: string, cookie: string, method = "GET") =>
    t.api.request(
      `/api/v1${path}`,
      { method, headers: { Cookie: cookie } },
      { clientIp: "203.0.113.7", sessionReads: reads },
    );

  /** Ends the session behind the API's back, as another process would. */
  const endSessions = () => t.db.deleteFrom("sessions").execute();

  it("the GETs of one page request share one lookup; the next page request reads afresh", async () => {
    t = await createTestApi(engine);
    const { cookie } = await createUserWithSession(t.deps);
    const page = new Map() as SessionReads;
    expect((await ask(page, "/user/profile", cookie)).status).toBe(200);
    expect(page.size).toBe(1);
    await endSessions();
    // Still the same page request: the lookup it already made stands.
    expect((await ask(page, "/my/numbers", cookie)).status).toBe(200);
    // The next page request asks the database, which no longer has the session.
    expect((await ask(new Map(), "/user/profile", cookie)).status).toBe(401);
  });

  it("a POST reads the session itself and makes the rest of the page request read afresh", async () => {
    t = await createTestApi(engine);
    const { cookie } = await createUserWithSession(t.deps);
    const page = new Map() as SessionReads;
    expect((await ask(page, "/user/profile", cookie)).status).toBe(200);
    await endSessions();
    const post = await ask(page, "/feedback", cookie, "POST");
    // Read afresh: the session is gone, so the POST is refused as signed out.
    expect(post.status).toBe(401);
    expect(page.size).toBe(0);
    expect((await ask(page, "/user/profile", cookie)).status).toBe(401);
  });

  it("a logout within the page request is seen by its next GET", async () => {
    t = await createTestApi(engine);
    const { cookie } = await createUserWithSession(t.deps);
    const page = new Map() as SessionReads;
    expect((await ask(page, "/user/profile", cookie)).status).toBe(200);
    const logout = await ask(page, "/user/logout", cookie);
    expect(logout.headers.getSetCookie().join()).toContain("utsav_session=");
    expect((await ask(page, "/user/profile", cookie)).status).toBe(401);
  });

  it("two cookies in one page request are never mixed up", async () => {
    t = await createTestApi(engine);
    const a = await createUserWithSession(t.deps, { firstName: "Asha" });
    const b = await createUserWithSession(t.deps, { firstName: "Bilal" });
    const page = new Map() as SessionReads;
    const names = async (cookie: string) =>
      ((await (await ask(page, "/user/profile", cookie)).json()) as { firstName: string })
        .firstName;
    expect(await names(a.cookie)).toBe("Asha");
    expect(await names(b.cookie)).toBe("Bilal");
    expect(await names(a.cookie)).toBe("Asha");
  });
});
