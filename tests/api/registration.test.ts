import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import { as, DETAILS, people, publishedEvent, teamEvent } from "#tests/helpers/registration";

const DAY = 86_400_000;

describe.each(engines)("registration API on %s (SPEC-2 §1)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };
  const at = (days: number) => new Date(t.clock.now().getTime() + days * DAY).toISOString();

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  it("GET /registration tells why it is not open, in the spec's order, to anyone", async () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{}, null],
      [{ startDate: at(1) }, "not-open-yet"],
      [{ endDate: at(-0.5), startDate: at(-3) }, "closed"],
      [{ capacity: 2, registrationCount: 2 }, "full"],
      [{ registrationMode: "website", eventWebsite: "https://x.example.com" }, "website"],
    ];
    for (const [overrides, reason] of cases) {
      const n = await publishedEvent(t, org.user.id, overrides);
      const res = await t.request(`/event/${n}/registration`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({
        open: reason === null,
        reason,
        registrationCount: (overrides.registrationCount as number) ?? 0,
        capacity: (overrides.capacity as number) ?? null,
        mine: null,
      });
    }
    expect((await t.request("/event/99998/registration")).status).toBe(404);
    expect((await t.request("/event/abc/registration")).status).toBe(404);
  });

  it("a draft is 404 to others and 'draft' to its creator, who cannot register for it yet", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft", publishedAt: null });
    const [other] = await people(t, 1);
    expect((await t.request(`/event/${n}/registration`)).status).toBe(404);
    expect((await as(t, other.cookie).get(`/event/${n}/registration`)).status).toBe(404);
    expect((await as(t, other.cookie).post(`/event/${n}/register`, DETAILS)).status).toBe(404);
    const mine = await (await as(t, org.cookie).get(`/event/${n}/registration`)).json();
    expect(mine).toMatchObject({ open: false, reason: "draft" });
    const res = await as(t, org.cookie).post(`/event/${n}/register`, DETAILS);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(M.notOpenYet);
  });

  it("registers an individual: 201, the registration, the count, mine, and a confirmation mail", async () => {
    const n = await publishedEvent(t, org.user.id, { capacity: 10 });
    const [p] = await people(t, 1);
    expect(
      (await t.request(`/event/${n}/register`, { method: "POST", json: DETAILS })).status,
    ).toBe(401);
    const res = await as(t, p.cookie).post(`/event/${n}/register`, {
      ...DETAILS,
      course: "M.Tech",
    });
    expect(res.status).toBe(201);
    const reg = await res.json();
    expect(reg).toEqual({
      _id: expect.any(String),
      type: "individual",
      phone: "9876543210",
      collegeName: "IIT Delhi",
      course: "M.Tech",
      registeredAt: t.clock.now().toISOString(),
      // SPEC-4 §2: a free registration has no payment.
      payment: null,
      team: null,
    });
    const state = await (await as(t, p.cookie).get(`/event/${n}/registration`)).json();
    // Signed in, the answer also names the viewer's role on the team (none for a registrant).
    expect(state).toEqual({
      open: true,
      reason: null,
      registrationCount: 1,
      capacity: 10,
      mine: reg,
      myRole: null,
    });
    const own = await (await as(t, org.cookie).get(`/event/${n}/registration`)).json();
    expect(own).toMatchObject({ mine: null, myRole: "owner" });
    const details = await (await t.request(`/event/details/${n}`)).json();
    expect(details).toMatchObject({
      registrationMode: "utsav",
      capacity: 10,
      registrationCount: 1,
    });
    const mail = (await outbox(t.db)).at(-1)!;
    expect(mail.to).toBe(p.user.email);
    expect(mail.subject).toBe("You're registered: Code Sprint");
    expect(mail.text).toContain(`http://localhost:3000/event/${n}`);
    // Form bodies work as well as JSON.
    const [q] = await people(t, 1);
    const form = new URLSearchParams({ ...DETAILS });
    const viaForm = await t.request(`/event/${n}/register`, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      cookie: q.cookie,
    });
    expect(viaForm.status).toBe(201);
  });

  it("asks for the details with the profile's messages, and stores nothing on bad input", async () => {
    const n = await publishedEvent(t, org.user.id);
    const [p] = await people(t, 1);
    const cases: [Record<string, string>, string, string][] = [
      [{ phone: "" }, "phone", "Number is Required"],
      [{ phone: "98765" }, "phone", "Invalid Number"],
      [{ phone: "98765432101" }, "phone", "Invalid Number"],
      [{ collegeName: "" }, "collegeName", "College Name is required"],
      [{ collegeName: "IIT <Delhi>" }, "collegeName", "Invalid College Name"],
      [{ course: "" }, "course", "Course is required"],
      [{ course: "PhD" }, "course", "Course is required"],
    ];
    for (const [change, field, message] of cases) {
      const res = await as(t, p.cookie).post(`/event/${n}/register`, { ...DETAILS, ...change });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.errors[field]).toEqual([message]);
    }
    const state = await (await as(t, p.cookie).get(`/event/${n}/registration`)).json();
    expect(state).toMatchObject({ registrationCount: 0, mine: null });
  });

  it("a team event's register creates a team led by the caller, its code mailed to the leader", async () => {
    const n = await publishedEvent(t, org.user.id, teamEvent(2, 4));
    const [p] = await people(t, 1);
    for (const [teamName, message] of [
      [undefined, M.teamNameRequired],
      ["  ", M.teamNameRequired],
      ["AB", "Minimum 3 characters required"],
      ["x".repeat(41), M.teamNameMax],
    ] as const) {
      const res = await as(t, p.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName });
      expect(res.status).toBe(400);
      expect((await res.json()).errors.teamName).toEqual([message]);
    }
    const res = await as(t, p.cookie).post(`/event/${n}/register`, {
      ...DETAILS,
      teamName: " Byte Me ",
    });
    expect(res.status).toBe(201);
    const reg = await res.json();
    expect(reg.type).toBe("team");
    expect(reg.team).toEqual({
      _id: reg._id,
      name: "Byte Me",
      code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/),
      leaderId: p.user.id,
      members: [
        {
          _id: p.user.id,
          firstName: "P0",
          lastName: "Rao",
          collegeName: "IIT Delhi",
          isLeader: true,
          paymentPending: false,
        },
      ],
      size: 1,
      minTeam: 2,
      maxTeam: 4,
      complete: false,
    });
    const mail = (await outbox(t.db)).at(-1)!;
    expect(mail.to).toBe(p.user.email);
    expect(mail.text).toContain(reg.team.code);
    expect(mail.text).toContain(`/event/${n}/team/join?code=${reg.team.code}`);
  });

  it("refuses with the spec's messages: not open yet, closed, full, already registered, website", async () => {
    const [p] = await people(t, 1);
    const refusals: [Record<string, unknown>, string][] = [
      [{ startDate: at(1) }, M.notOpenYet],
      [{ startDate: at(-3), endDate: at(-1) }, M.closed],
      [{ capacity: 1, registrationCount: 1 }, M.full],
      [{ registrationMode: "website", eventWebsite: "https://x.example.com" }, M.website],
    ];
    for (const [overrides, message] of refusals) {
      const n = await publishedEvent(t, org.user.id, overrides);
      const res = await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(message);
    }
    const n = await publishedEvent(t, org.user.id);
    expect((await as(t, p.cookie).post(`/event/${n}/register`, DETAILS)).status).toBe(201);
    const again = await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(M.already);
  });

  it("the window includes its ends: open at startDate and at endDate, closed a moment after", async () => {
    const start = t.clock.now().toISOString();
    const end = new Date(t.clock.now().getTime() + DAY).toISOString();
    const n = await publishedEvent(t, org.user.id, { startDate: start, endDate: end });
    expect((await (await t.request(`/event/${n}/registration`)).json()).open).toBe(true);
    t.clock.set(end);
    expect((await (await t.request(`/event/${n}/registration`)).json()).open).toBe(true);
    t.clock.advance(1);
    expect((await (await t.request(`/event/${n}/registration`)).json()).reason).toBe("closed");
    t.clock.set("2026-11-21T06:30:00.000Z");
  });
});
