import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { createUserWithSession } from "#tests/helpers/users";

/** A NUL in a path's id is a 404 like any unknown id, on PostgreSQL too (which refuses it). */
describe.each(engines)("a NUL byte in the path on %s", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());

  it("answers 404 and stores nothing", async () => {
    const owner = await createUserWithSession(t.deps);
    const { eventNumber: n } = await insertEvent(t.deps, owner.user.id);
    for (const path of [`/event/${n}/organisers/invites/%00/cancel`, `/event/%00/check-in`]) {
      const res = await t.request(path, { method: "POST", json: {}, cookie: owner.cookie });
      expect(res.status, path).toBe(404);
    }
  });
});
