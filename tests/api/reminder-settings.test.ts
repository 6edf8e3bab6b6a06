import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken } from "#server/lib/crypto";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession, TEST_PROFILE } from "#tests/helpers/users";

const PROFILE = TEST_PROFILE;

describe.each(engines)("reminder switch and unsubscribe on %s", (engine) => {
  let t: TestApi;

  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());

  function saveProfile(cookie: string, extra: Record<string, string> = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...PROFILE, ...extra })) form.append(k, v);
    return t.request("/user/profile", { method: "POST", body: form, cookie });
  }
  const reminders = async (cookie: string) =>
    (await (await t.request("/user/profile", { cookie })).json()).emailReminders;

  it("carries emailReminders on the user object, on by default, changed by POST /user/profile", async () => {
    const { cookie } = await createUserWithSession(t.deps);
    expect(await reminders(cookie)).toBe(true);
    const off = await saveProfile(cookie, { emailReminders: "false" });
    expect(off.status).toBe(200);
    expect((await off.json()).emailReminders).toBe(false);
    expect(await reminders(cookie)).toBe(false);
    // A save that does not mention it leaves it as it was.
    expect((await saveProfile(cookie)).status).toBe(200);
    expect(await reminders(cookie)).toBe(false);
    expect(
      (await (await saveProfile(cookie, { emailReminders: "true" })).json()).emailReminders,
    ).toBe(true);
    // Nonsense is refused on the field, and changes nothing.
    const bad = await saveProfile(cookie, { emailReminders: "perhaps", firstName: "Changed" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.emailReminders).toHaveLength(1);
    const me = await (await t.request("/user/profile", { cookie })).json();
    expect(me).toMatchObject({ emailReminders: true, firstName: "Asha" });
  });

  it("turns reminders off with the one-click link, signed out, and 404s unknown links", async () => {
    const token = newToken();
    const { cookie, user } = await createUserWithSession(t.deps, { unsubscribeToken: token });
    const res = await t.request(`/user/unsubscribe/${token}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toMatch(/no longer receive reminder/);
    expect(await reminders(cookie)).toBe(false);
    // Clicking twice is fine.
    expect((await t.request(`/user/unsubscribe/${token}`, { method: "POST" })).status).toBe(200);
    // RFC 8058's POST body is accepted as it comes.
    const body = new URLSearchParams({ "List-Unsubscribe": "One-Click" });
    expect((await t.request(`/user/unsubscribe/${token}`, { method: "POST", body })).status).toBe(
      200,
    );
    for (const wrong of [newToken(), "short", `${token.slice(0, -1)}!`]) {
      const r = await t.request(`/user/unsubscribe/${encodeURIComponent(wrong)}`, {
        method: "POST",
      });
      expect(r.status).toBe(404);
    }
    // Nobody else was touched.
    const other = await createUserWithSession(t.deps, { unsubscribeToken: newToken() });
    expect(await reminders(other.cookie)).toBe(true);
    expect(user.emailReminders).toBe(1);
  });
});
