import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { ORGANISER_CALLS as CALLS } from "#tests/helpers/organiser";
import { createUserWithSession } from "#tests/helpers/users";

describe.each(engines)("SPEC-2 §4 permissions on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; id: string };
  let stranger: string;
  let n: string;
  beforeAll(async () => {
    t = await createTestApi(engine);
    const o = await createUserWithSession(t.deps);
    owner = { cookie: o.cookie, id: o.user.id };
    stranger = (await createUserWithSession(t.deps)).cookie;
    n = (await insertEvent(t.deps, owner.id)).eventNumber;
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, body: unknown, cookie?: string) =>
    t.request(`/event/${n}${path}`, { method, json: body, cookie });

  it.each(CALLS)(
    "%s %s: 401 signed out, 403 to another user, and nothing changes",
    async (method, path, body) => {
      const out = await call(method, path, body);
      expect(out.status).toBe(401);
      expect(await out.json()).toEqual({ message: "Please log in to continue" });
      const other = await call(method, path, body, stranger);
      expect(other.status).toBe(403);
      expect(await other.json()).toEqual({
        message: "Only the organiser of this event can do that",
      });
      const event = await t.db
        .selectFrom("events")
        .select(["status", "version"])
        .where("eventNumber", "=", n)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ status: "active", version: 1 });
      expect(await t.db.selectFrom("events").select("id").execute()).toHaveLength(1);
      expect(await t.db.selectFrom("announcements").selectAll().execute()).toEqual([]);
    },
  );

  it("answers 404 for an unknown event, even to a signed-in user", async () => {
    for (const [method, path, body] of CALLS) {
      const res = await t.request(`/event/99999999${path}`, {
        method,
        json: body,
        cookie: owner.cookie,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it("the public reads (announcements, results) need no session", async () => {
    expect((await t.request(`/event/${n}/announcements`)).status).toBe(200);
    const results = await t.request(`/event/${n}/results`);
    expect(results.status).toBe(200);
    expect(await results.json()).toEqual({ rounds: [], winners: [] });
  });
});
