import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAFT_LIMITS, TOO_MANY_DRAFTS } from "#server/services/events/draft-quota";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";
import { step1Form } from "#tests/helpers/events";

/**
 * Event numbers are claimed by saving step 1: one person cannot claim them in bulk. At most
 * DRAFT_LIMITS.perHour new drafts an hour (429 with Retry-After) and DRAFT_LIMITS.open unfinished
 * ones (409), each with a message the step-1 page shows.
 */
describe.each(engines)("claiming event numbers in bulk on %s", (engine) => {
  let t: TestApi;
  let seq = 70_000;
  const logo = readFileSync("tests/fixtures/logo.png");
  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());

  const step1 = (cookie: string, n = String(seq++)) => {
    const f = step1Form();
    f.append("eventLogo", new File([logo], "logo.png", { type: "image/png" }));
    return t.request(`/event/create/${n}/step1`, { method: "POST", body: f, cookie });
  };
  const drafts = async (userId: string) =>
    (await t.db.selectFrom("events").select("id").where("madeBy", "=", userId).execute()).length;

  it("at most DRAFT_LIMITS.perHour new drafts an hour: then 429 with Retry-After and a message, nothing stored", async () => {
    const { user, cookie } = await createUserWithSession(t.deps);
    for (let i = 0; i < DRAFT_LIMITS.perHour; i++) expect((await step1(cookie)).status).toBe(200);
    const refused = await step1(cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/started 10 events in the last hour/);
    expect(await drafts(user.id)).toBe(DRAFT_LIMITS.perHour);
    // Saving an existing draft again is not a new claim.
    const again = await step1(cookie, String(seq - 2));
    expect(again.status).toBe(200);
    t.clock.advance(3_600_000 + 1000);
    expect((await step1(cookie)).status).toBe(200);
  });

  it("at most DRAFT_LIMITS.open unfinished drafts: then 409 with a message; publishing one frees a place", async () => {
    const { user, cookie } = await createUserWithSession(t.deps);
    for (let i = 0; i < DRAFT_LIMITS.open; i++) {
      if (i > 0 && i % DRAFT_LIMITS.perHour === 0) t.clock.advance(3_600_000 + 1000);
      expect((await step1(cookie)).status).toBe(200);
    }
    t.clock.advance(3_600_000 + 1000);
    const refused = await step1(cookie);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(TOO_MANY_DRAFTS);
    expect(await drafts(user.id)).toBe(DRAFT_LIMITS.open);
    // One published (straight in the database: publishing needs every step) frees a place.
    const one = await t.db
      .selectFrom("events")
      .select("id")
      .where("madeBy", "=", user.id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable("events").set({ status: "active" }).where("id", "=", one.id).execute();
    expect((await step1(cookie)).status).toBe(200);
  });

  it("another person is not held by someone else's drafts", async () => {
    const { cookie } = await createUserWithSession(t.deps);
    expect((await step1(cookie)).status).toBe(200);
  });
});
