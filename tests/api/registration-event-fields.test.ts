import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";
import { step1Form } from "#tests/helpers/events";

const step2 = {
  participationType: "individual",
  startDate: "2026-11-20T10:00",
  endDate: "2026-12-05T18:00",
  contactDetails: [{ name: "Ravi Kumar", number: "9876543210" }],
};
const basic = {
  ...step2,
  eventType: "Quizzes",
  eventName: "Brain Bowl",
  organisationName: "IIT Delhi",
  modeOfEvent: "Online",
};

describe.each(engines)("registrationMode and capacity on events, on %s (SPEC-2 §1)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  const save = (n: string, path: string, json: unknown) =>
    as(t, org.cookie).post(`/event/create/${n}/${path}`, json);

  it("step 2 takes both; empty capacity is no limit; the answer carries the three fields", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft" });
    const res = await save(n, "step2", { ...step2, registrationMode: "utsav", capacity: "120" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      registrationMode: "utsav",
      capacity: 120,
      registrationCount: 0,
    });
    const cleared = await (await save(n, "step2", { ...step2, capacity: "" })).json();
    expect(cleared).toMatchObject({ registrationMode: "utsav", capacity: null });
    for (const capacity of ["0", "-3", "2.5", "many"]) {
      const bad = await save(n, "step2", { ...step2, capacity });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors.capacity).toEqual([M.capacityMin]);
    }
  });

  it("'website' needs a website: on registrationMode in step 2, on eventWebsite in step 3", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft", eventWebsite: null });
    const bad = await save(n, "step2", { ...step2, registrationMode: "website" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.registrationMode).toEqual([M.websiteRequired]);
    const badBasic = await save(n, "step3/basicdetails", { ...basic, registrationMode: "website" });
    expect((await badBasic.json()).errors.eventWebsite).toEqual([M.websiteRequired]);
    const ok = await save(n, "step3/basicdetails", {
      ...basic,
      registrationMode: "website",
      eventWebsite: "quiz.example.in",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      registrationMode: "website",
      eventWebsite: "https://quiz.example.in",
    });
    // A payload without the mode (SPEC §7's step 2) keeps it.
    expect(await (await save(n, "step2", step2)).json()).toMatchObject({
      registrationMode: "website",
    });
    // Step 1 cannot drop the website of an event that registers on it.
    const form = step1Form();
    await t.db
      .updateTable("events")
      .set({ eventLogo: "logo-key" })
      .where("eventNumber", "=", n)
      .execute();
    const step1 = await t.request(`/event/create/${n}/step1`, {
      method: "POST",
      body: form,
      cookie: org.cookie,
    });
    expect(step1.status).toBe(400);
    expect((await step1.json()).errors.eventWebsite).toEqual([M.websiteRequired]);
  });

  it("every event answer carries the fields: details, lists' events, my registrations", async () => {
    const n = await publishedEvent(t, org.user.id, { capacity: 3 });
    const [p] = await people(t, 1);
    await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
    const details = await (await t.request(`/event/details/${n}`)).json();
    expect(details).toMatchObject({ registrationMode: "utsav", capacity: 3, registrationCount: 1 });
    const [mine] = await (await as(t, p.cookie).get("/my/registrations")).json();
    expect(mine.event).toMatchObject({
      registrationMode: "utsav",
      capacity: 3,
      registrationCount: 1,
    });
  });

  it("an organiser cannot set capacity below the count, change the type or shrink below a team", async () => {
    const n = await publishedEvent(t, org.user.id, { capacity: 5 });
    const ps = await people(t, 2);
    for (const p of ps) await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
    const low = await save(n, "step2", { ...step2, capacity: 1 });
    expect(low.status).toBe(400);
    expect((await low.json()).errors.capacity).toEqual([
      "Capacity cannot be less than the 2 registrations so far",
    ]);
    expect((await save(n, "step2", { ...step2, capacity: 2 })).status).toBe(200);
    const type = await save(n, "step2", {
      ...step2,
      participationType: "team",
      minTeam: 1,
      maxTeam: 4,
    });
    expect((await type.json()).errors.participationType).toBeDefined();

    const tn = await publishedEvent(t, org.user.id, teamEvent(2, 4));
    const [a, b, c] = await people(t, 3);
    const team = await (
      await as(t, a.cookie).post(`/event/${tn}/register`, { ...DETAILS, teamName: "Trio" })
    ).json();
    for (const x of [b, c])
      await as(t, x.cookie).post(`/event/${tn}/team/join`, { ...DETAILS, code: team.team.code });
    const shrink = await save(tn, "step2", {
      ...step2,
      participationType: "team",
      minTeam: 1,
      maxTeam: 2,
    });
    expect((await shrink.json()).errors.maxTeam).toEqual([
      "Maximum team size cannot be less than the largest team (3)",
    ]);
    expect(
      (await save(tn, "step2", { ...step2, participationType: "team", minTeam: 1, maxTeam: 3 }))
        .status,
    ).toBe(200);
  });
});
