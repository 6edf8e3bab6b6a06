import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTHING_KEPT, STASH_TOO_LARGE, STASH_TTL_MS } from "#server/contracts/form-stash";
import { createSession } from "#server/services/accounts/sessions";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Issue 11: a creation step saved after the session ended keeps its text server-side, and only
 * the same person gets it back, once, within the hour, for the same event and form.
 */

const FIELDS: [string, string][] = [
  ["eventName", "Robo Wars"],
  ["contactDetails[0].name", "Asha Verma"],
  ["aboutEvent", "<p>Build a robot</p>"],
];

/** The stash cookie's `name=value` from a response. */
function stashCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("utsav_stash="));
  expect(set, "the stash cookie").toBeTruthy();
  return set!.split(";")[0];
}

describe.each(engines)("form stashes on %s", (engine) => {
  let t: TestApi;
  let n = 50000;
  const nextNumber = () => String(n++);

  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());

  /** A user whose session has just ended (the row is kept past its expiry), and its cookie. */
  async function endedSession() {
    const { user, cookie } = await createUserWithSession(t.deps);
    await t.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString() })
      .where("userId", "=", user.id)
      .execute();
    return { user, oldCookie: cookie };
  }

  /** Keeps FIELDS for `eventNumber`/`form` as a browser with `cookie` would; answers the stash cookie. */
  async function stash(eventNumber: string, form = "step1", cookie?: string): Promise<string> {
    const res = await t.request("/form-stash", {
      json: { eventNumber, form, fields: FIELDS },
      cookie,
    });
    expect(res.status).toBe(201);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("utsav_stash="))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Max-Age=3600/);
    return stashCookie(res);
  }

  const take = (eventNumber: string, form: string, cookie: string) =>
    t.request("/form-stash/take", { json: { eventNumber, form }, cookie });

  it("keeps a step's text for the user of the ended session; it comes back once after login", async () => {
    const { user, oldCookie } = await endedSession();
    const number = nextNumber();
    const kept = await stash(number, "step1", oldCookie);
    const row = await t.db.selectFrom("formStashes").selectAll().executeTakeFirstOrThrow();
    expect(row.userId).toBe(user.id);
    expect(row.tokenHash).not.toContain(kept.split("=")[1]);

    // Logged in again: a new session, the same browser (the stash cookie).
    const fresh = `${await relogin(user.id)}; ${kept}`;
    const res = await take(number, "step1", fresh);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ fields: FIELDS });
    expect(res.headers.getSetCookie().some((c) => /^utsav_stash=;/.test(c))).toBe(true);
    // Consumed: a second read gets nothing.
    const again = await take(number, "step1", fresh);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe(NOTHING_KEPT);
  });

  /** A new session for an existing user (logging in again), as its cookie pair. */
  async function relogin(userId: string): Promise<string> {
    return `utsav_session=${await createSession(t.deps, userId)}`;
  }

  it("another user in the same browser gets nothing, and the owner still can", async () => {
    const { user, oldCookie } = await endedSession();
    const number = nextNumber();
    const kept = await stash(number, "step2", oldCookie);
    const other = await createUserWithSession(t.deps, { firstName: "Mallory" });
    const refused = await take(number, "step2", `${other.cookie}; ${kept}`);
    expect(refused.status).toBe(404);
    const res = await take(number, "step2", `${await relogin(user.id)}; ${kept}`);
    expect(res.status).toBe(200);
  });

  it("a stranger (no stash cookie, or a guessed one) gets nothing; signed out is 401", async () => {
    const { user, oldCookie } = await endedSession();
    const number = nextNumber();
    const kept = await stash(number, "step1", oldCookie);
    const session = await relogin(user.id);
    expect((await take(number, "step1", session)).status).toBe(404);
    expect((await take(number, "step1", `${session}; utsav_stash=${"A".repeat(43)}`)).status).toBe(
      404,
    );
    expect((await take(number, "step1", kept)).status).toBe(401);
    // Still there for the right browser.
    expect((await take(number, "step1", `${session}; ${kept}`)).status).toBe(200);
  });

  it("another event or another form gets nothing and does not use it up", async () => {
    const { user, oldCookie } = await endedSession();
    const number = nextNumber();
    const kept = await stash(number, "step3-about", oldCookie);
    const me = `${await relogin(user.id)}; ${kept}`;
    expect((await take(nextNumber(), "step3-about", me)).status).toBe(404);
    expect((await take(number, "step3-rounds", me)).status).toBe(404);
    expect((await take(number, "step1", me)).status).toBe(404);
    expect((await take(number, "step3-about", me)).status).toBe(200);
  });

  it("expires after an hour, and expired ones are swept", async () => {
    const { user, oldCookie } = await endedSession();
    const number = nextNumber();
    const kept = await stash(number, "step1", oldCookie);
    t.clock.advance(STASH_TTL_MS + 1);
    const me = `${await relogin(user.id)}; ${kept}`;
    expect((await take(number, "step1", me)).status).toBe(404);
    // The next stash sweeps every expired row.
    await stash(nextNumber());
    const left = await t.db.selectFrom("formStashes").select("expiresAt").execute();
    expect(left.every((r) => r.expiresAt > t.clock.now().toISOString())).toBe(true);
    expect(left).toHaveLength(1);
  });

  it("a newer stash from the same browser replaces the older one", async () => {
    const first = await stash(nextNumber(), "step1");
    const before = await t.db.selectFrom("formStashes").select("tokenHash").execute();
    await stash(nextNumber(), "step2", first);
    const after = await t.db.selectFrom("formStashes").select("tokenHash").execute();
    expect(after).toHaveLength(before.length);
  });

  it("without a user to bind to (the session row was deleted), a draft of someone else is never filled", async () => {
    const owner = await createUserWithSession(t.deps);
    const number = nextNumber();
    const now = t.clock.now().toISOString();
    await t.db
      .insertInto("events")
      .values({
        eventNumber: number,
        madeBy: owner.user.id,
        eventType: "Fest",
        eventName: "Spring Fest",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const kept = await stash(number, "step2", "utsav_session=deleted-session-token");
    const row = await t.db
      .selectFrom("formStashes")
      .selectAll()
      .where("eventNumber", "=", number)
      .executeTakeFirstOrThrow();
    expect(row.userId).toBeNull();
    const other = await createUserWithSession(t.deps, { firstName: "Mallory" });
    expect((await take(number, "step2", `${other.cookie}; ${kept}`)).status).toBe(404);
    expect((await take(number, "step2", `${owner.cookie}; ${kept}`)).status).toBe(200);
  });

  it("refuses what is too large, an unknown form or event number, and keeps nothing", async () => {
    const count = async () =>
      (await t.db.selectFrom("formStashes").select("tokenHash").execute()).length;
    const before = await count();
    const send = (body: unknown) => t.request("/form-stash", { json: body });
    const base = { eventNumber: nextNumber(), form: "step1" };
    const tooLongValue = await send({ ...base, fields: [["aboutEvent", "x".repeat(50_001)]] });
    expect(tooLongValue.status).toBe(400);
    expect((await tooLongValue.json()).message).toBe("Maximum 50,000 characters");
    const tooMuch = await send({
      ...base,
      fields: [
        ["aboutEvent", "x".repeat(50_000)],
        ["eventName", "x".repeat(50_000)],
        ["festivalName", "x"],
      ],
    });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).message).toBe(STASH_TOO_LARGE);
    const tooMany = await send({
      ...base,
      fields: Array.from({ length: 301 }, (_, i) => [`f${i}`, "x"]),
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toBe(STASH_TOO_LARGE);
    expect((await send({ ...base, form: "profile", fields: FIELDS })).status).toBe(400);
    expect((await send({ ...base, eventNumber: "12", fields: FIELDS })).status).toBe(400);
    expect((await send({ ...base, fields: [["a", 1]] })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("is rate limited per address", async () => {
    const limited = await createTestApi(engine, { config: { rateLimit: true } });
    try {
      const send = () =>
        limited.request("/form-stash", {
          json: { eventNumber: "12345", form: "step1", fields: FIELDS },
          ip: "198.51.100.9",
        });
      for (let i = 0; i < 30; i++) expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(429);
      // One kept form per browser: these sent no cookie, so there are 30, all expiring.
    } finally {
      await limited.close();
    }
  });
});
