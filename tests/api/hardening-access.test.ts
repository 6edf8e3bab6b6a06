import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Access, as a matrix: every event and profile write, the draft read and publish, tried by nobody
 * and by another signed-in user, each with a payload the owner can really save (the owner saves
 * each at the end, proving the payload valid). Always 401/403/404/409 and the database unchanged.
 */
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures", name));
const png = (name: string) => new File([fixture(name)], name, { type: "image/png" });

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}
const basic = {
  eventType: "Quizzes",
  eventName: "Brain Bowl",
  organisationName: "IIT Delhi",
  modeOfEvent: "Online",
};
const contacts = JSON.stringify([{ name: "Ravi Kumar", number: "9876543210" }]);

/** Each write as a fresh request (FormData cannot be sent twice), with a smuggled owner and status. */
const WRITES: Record<
  string,
  () => { method: string; path: (n: string) => string; body?: FormData | object }
> = {
  step1: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step1`,
    body: form({
      ...basic,
      eventName: "Hijacked",
      eventLogo: png("logo.png"),
      madeBy: "x",
      status: "active",
    }),
  }),
  step2: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step2`,
    body: {
      participationType: "individual",
      startDate: "2026-11-22T10:00",
      endDate: "2026-12-05T18:00",
      contactDetails: [{ name: "Mallory", number: "9999999999" }],
      madeBy: "x",
    },
  }),
  eventBanner: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step3/eventBanner`,
    body: form({ eventBanner: png("banner.png") }),
  }),
  basicdetails: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step3/basicdetails`,
    body: form({
      ...basic,
      eventName: "Hijacked",
      participationType: "individual",
      startDate: "2026-11-22T10:00",
      endDate: "2026-11-30T10:00",
    }),
  }),
  aboutEvent: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step3/aboutEvent`,
    body: { aboutEvent: "<p>Hijacked</p>" },
  }),
  importantDate: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step3/importantDate`,
    body: form({
      importantDates: JSON.stringify([{ dateTitle: "Finals", date: "2026-12-02T10:00" }]),
      contactDetails: contacts,
    }),
  }),
  rounds: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step3/rounds`,
    body: {
      rounds: [
        {
          title: "Finals",
          description: "On stage",
          startDate: "2026-12-02T10:00",
          endDate: "2026-12-02T12:00",
          isEliminatorRound: "false",
        },
      ],
    },
  }),
  prizes: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step3/prizes`,
    body: { prizes: [{ rank: 1, cashAmount: 1 }] },
  }),
  publishGet: () => ({ method: "GET", path: (n) => `/event/create/${n}/step3/activateEvent` }),
  publishPost: () => ({
    method: "POST",
    path: (n) => `/event/create/${n}/step3/activateEvent`,
    body: {},
  }),
};

describe.each(engines)("access to every write on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; user: { id: string } };
  let other: { cookie: string; user: { id: string } };
  const draft = "40001";
  const published = "40002";

  async function send(write: keyof typeof WRITES, n: string, cookie?: string) {
    const { method, path: p, body } = WRITES[write]();
    if (body instanceof FormData) return t.request(p(n), { method, body, cookie });
    return t.request(p(n), { method, json: body, cookie });
  }
  async function everything() {
    const tables = [
      "users",
      "sessions",
      "events",
      "uploads",
      "mailOutbox",
      "tokens",
      "feedback",
    ] as const;
    const out: Record<string, unknown[]> = {};
    for (const table of tables)
      out[table] = (await t.db.selectFrom(table).selectAll().execute())
        .map((r) => JSON.stringify(r))
        .sort();
    return out;
  }

  beforeAll(async () => {
    t = await createTestApi(engine);
    owner = await createUserWithSession(t.deps);
    other = await createUserWithSession(t.deps, { firstName: "Mallory" });
    // A complete event, so publishing it would succeed for its owner; then a draft and a published copy.
    for (const n of [draft, published]) {
      for (const write of [
        "step1",
        "step2",
        "eventBanner",
        "importantDate",
        "rounds",
        "prizes",
      ] as const) {
        const res = await send(write, n, owner.cookie);
        expect(res.status, `${write} by the owner`).toBe(200);
      }
    }
    expect((await send("publishGet", published, owner.cookie)).status).toBe(200);
  });
  afterAll(() => t.close());

  for (const write of Object.keys(WRITES) as (keyof typeof WRITES)[]) {
    it(`${write}: nobody gets 401, another user 404 on a draft (as for an unknown number) and 403 on a published event (409 for a held number in step 1); nothing changes`, async () => {
      for (const n of [draft, published]) {
        const before = await everything();
        const anon = await send(write, n);
        expect(anon.status, `${write} ${n} anonymous`).toBe(401);
        expect((await anon.json()).message).toBe("Please log in to continue");
        const stranger = await send(write, n, other.cookie);
        expect(stranger.status, `${write} ${n} another user`).toBe(
          write === "step1" ? 409 : n === draft ? 404 : 403,
        );
        expect(typeof (await stranger.json()).message).toBe("string");
        // A forged or stale cookie is nobody.
        expect(
          (await send(write, n, "utsav_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))
            .status,
        ).toBe(401);
        expect(await everything(), `${write} ${n}`).toEqual(before);
      }
    });
  }

  it("another user's draft answers every read and save exactly as an unknown number does (status and body)", async () => {
    const unknown = "49999";
    for (const write of Object.keys(WRITES) as (keyof typeof WRITES)[]) {
      // Step 1 on a free number creates a draft: there, a held number can only be refused (409).
      if (write === "step1") continue;
      const before = await everything();
      const held = await send(write, draft, other.cookie);
      const free = await send(write, unknown, other.cookie);
      expect(
        { status: held.status, body: await held.json() },
        `${write} on someone else's draft`,
      ).toEqual({ status: free.status, body: await free.json() });
      expect(held.status, write).toBe(404);
      expect(await everything(), write).toEqual(before);
    }
    for (const cookie of [other.cookie, undefined]) {
      const held = await t.request(`/event/details/${draft}`, { cookie });
      const free = await t.request(`/event/details/${unknown}`, { cookie });
      expect({ status: held.status, body: await held.json() }).toEqual({
        status: free.status,
        body: await free.json(),
      });
    }
  });

  it("the owner can make every one of those writes (the payloads are valid)", async () => {
    for (const write of Object.keys(WRITES) as (keyof typeof WRITES)[]) {
      const res = await send(write, draft, owner.cookie);
      expect(res.status, `${write} by the owner: ${await res.clone().text()}`).toBe(200);
    }
    const row = await t.db
      .selectFrom("events")
      .selectAll()
      .where("eventNumber", "=", draft)
      .executeTakeFirstOrThrow();
    // The smuggled madeBy and status were ignored; publishing is what made it active.
    expect(row).toMatchObject({ madeBy: owner.user.id, status: "active", eventName: "Hijacked" });
  });

  it("fields a client must not set (_id, madeBy, status, eventNumber, publishedAt, createdAt) are ignored on every step", async () => {
    const n = "40004";
    const smuggled = {
      _id: "x",
      id: 999,
      madeBy: other.user.id,
      status: "active",
      eventNumber: "99999",
      publishedAt: "2020-01-01T00:00:00Z",
      createdAt: "2020-01-01T00:00:00Z",
    };
    const step1 = form({
      ...basic,
      eventLogo: png("logo.png"),
      ...Object.fromEntries(Object.entries(smuggled).map(([k, v]) => [k, String(v)])),
    });
    expect(
      (
        await t.request(`/event/create/${n}/step1`, {
          method: "POST",
          body: step1,
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(200);
    const step2 = {
      participationType: "individual",
      startDate: "2026-11-22T10:00",
      endDate: "2026-12-05T18:00",
      contactDetails: [{ name: "Ravi Kumar", number: "9876543210" }],
      ...smuggled,
    };
    expect(
      (
        await t.request(`/event/create/${n}/step2`, {
          method: "POST",
          json: step2,
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request(`/event/create/${n}/step3/aboutEvent`, {
          method: "POST",
          json: { aboutEvent: "<p>Hi</p>", ...smuggled },
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(200);
    const row = await t.db
      .selectFrom("events")
      .selectAll()
      .where("eventNumber", "=", n)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      eventNumber: n,
      madeBy: owner.user.id,
      status: "draft",
      publishedAt: null,
    });
    expect(row.createdAt).toBe(t.clock.now().toISOString());
    expect(
      await t.db.selectFrom("events").select("id").where("eventNumber", "=", "99999").execute(),
    ).toHaveLength(0);
  });

  it("a draft is read by its owner only; nobody and another user get 404, and never in their lists", async () => {
    const fresh = "40003";
    expect((await send("step1", fresh, owner.cookie)).status).toBe(200);
    expect((await t.request(`/event/details/${fresh}`)).status).toBe(404);
    expect((await t.request(`/event/details/${fresh}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/event/details/${fresh}`, { cookie: owner.cookie })).status).toBe(200);
    const theirs = await (await t.request("/my/event", { cookie: other.cookie })).json();
    expect(theirs.map((e: { eventNumber: string }) => e.eventNumber)).not.toContain(fresh);
    expect((await t.request("/my/event")).status).toBe(401);
    const found = await (await t.request(`/event/find?q=Hijacked`)).json();
    expect(found.map((e: { eventNumber: string }) => e.eventNumber)).not.toContain(fresh);
  });

  it("profile writes: nobody gets 401 and no user changes", async () => {
    const before = await everything();
    const res = await t.request("/user/profile", {
      method: "POST",
      body: form({
        firstName: "Mallory",
        gender: "female",
        course: "B.Tech",
        courseSpecialisation: "CS",
        collegeName: "X College",
        location: "Delhi",
        _id: owner.user.id,
      }),
    });
    expect(res.status).toBe(401);
    expect(await everything()).toEqual(before);
  });
});
