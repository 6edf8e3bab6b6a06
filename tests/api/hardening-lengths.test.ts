import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, tooLong } from "#server/contracts/limits";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Every text field has a maximum that fits its use, with 'Maximum N characters': a 5,000,000
 * character event name was once saved and made the home page 15 MB for every visitor.
 */
describe.each(engines)("length limits on %s", (engine) => {
  let t: TestApi;
  let cookie: string;
  const draft = "80001";
  const logo = readFileSync("tests/fixtures/logo.png");

  const step1 = (over: Record<string, string>, n = draft) => {
    const f = new FormData();
    for (const [k, v] of Object.entries({
      eventType: "Quizzes",
      eventName: "Brain Bowl",
      organisationName: "IIT Delhi",
      modeOfEvent: "Offline",
      countryName: "India",
      stateName: "Delhi",
      cityName: "New Delhi",
      ...over,
    }))
      f.append(k, v);
    f.append("eventLogo", new File([logo], "logo.png", { type: "image/png" }));
    return t.request(`/event/create/${n}/step1`, { method: "POST", body: f, cookie });
  };
  const events = () => t.db.selectFrom("events").selectAll().execute();

  beforeAll(async () => {
    t = await createTestApi(engine, { config: { rateLimit: false } });
    ({ cookie } = await createUserWithSession(t.deps));
    expect((await step1({})).status).toBe(200);
  });
  afterAll(() => t.close());

  it("a 5,000,000-character event name is refused with 'Maximum 100 characters' and nothing is saved", async () => {
    const before = await events();
    for (const n of [draft, "80002"]) {
      const res = await step1({ eventName: "x".repeat(5_000_000) }, n);
      expect(res.status).toBe(400);
      expect((await res.json()).errors.eventName).toEqual([tooLong(100)]);
    }
    expect(await events()).toEqual(before);
  });

  it.each([
    ["eventName", LIMITS.name],
    ["organisationName", LIMITS.name],
    ["festivalName", LIMITS.name],
    ["countryName", LIMITS.place],
    ["stateName", LIMITS.place],
    ["cityName", LIMITS.place],
    ["locationName", LIMITS.address],
    ["aboutEvent", LIMITS.about],
  ])("step 1: %s takes %i characters, not one more", async (field, max) => {
    const at = await step1({
      [field]: field === "aboutEvent" ? `<p>${"x".repeat(max - 7)}</p>` : "x".repeat(max),
    });
    expect(at.status, await at.clone().text()).toBe(200);
    const over = await step1({ [field]: "x".repeat(max + 1) });
    expect(over.status).toBe(400);
    expect((await over.json()).errors[field]).toEqual([tooLong(max)]);
  });

  it("step 1: a website address longer than 2,048 characters is refused", async () => {
    const res = await step1({ eventWebsite: `https://example.in/${"a".repeat(LIMITS.url)}` });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.eventWebsite).toEqual([tooLong(LIMITS.url)]);
  });

  it("step 3: About, date titles, contact names, the brochure title, round titles and descriptions have their maximum", async () => {
    const before = await events();
    const post = (section: string, body: unknown) =>
      t.request(`/event/create/${draft}/step3/${section}`, {
        method: "POST",
        body: body instanceof FormData ? body : undefined,
        json: body instanceof FormData ? undefined : body,
        cookie,
      });
    const about = await post("aboutEvent", { aboutEvent: "x".repeat(LIMITS.about + 1) });
    expect(about.status).toBe(400);
    expect(JSON.stringify(await about.json())).toContain(tooLong(LIMITS.about));

    const dates = new FormData();
    dates.append(
      "importantDates",
      JSON.stringify([{ dateTitle: "x".repeat(LIMITS.title + 1), date: "2026-12-02T10:00" }]),
    );
    dates.append(
      "contactDetails",
      JSON.stringify([{ name: "y".repeat(LIMITS.name + 1), number: "9876543210" }]),
    );
    dates.append("eventBrochureTitle", "z".repeat(LIMITS.title + 1));
    const datesRes = await post("importantDate", dates);
    expect(datesRes.status).toBe(400);
    const datesBody = JSON.stringify(await datesRes.json());
    expect(datesBody.split(tooLong(LIMITS.title)).length - 1).toBeGreaterThanOrEqual(2);
    expect(datesBody).toContain(tooLong(LIMITS.name));

    const rounds = await post("rounds", {
      rounds: [
        {
          title: "t".repeat(LIMITS.title + 1),
          description: "d".repeat(LIMITS.description + 1),
          startDate: "2026-12-02T10:00",
          endDate: "2026-12-02T12:00",
          isEliminatorRound: "false",
        },
      ],
    });
    expect(rounds.status).toBe(400);
    const roundsBody = JSON.stringify(await rounds.json());
    expect(roundsBody).toContain(tooLong(LIMITS.title));
    expect(roundsBody).toContain(tooLong(LIMITS.description));
    expect(await events()).toEqual(before);
  });
});
