import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventData } from "#server/contracts/event-shape";
import type { UserRow } from "#server/db/schema";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent, insertRegistration, step1Form } from "#tests/helpers/events";
import { as, DETAILS, publishedEvent } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";

const ORG = { name: "Robotics Club", college: "IIT Delhi", city: "New Delhi" };

/** SPEC-4 §4: events hosted under an organisation (step 1's `orgHandle`, the event's `org`). */
describe.each(engines)("organisations' events (%s)", (engine) => {
  let t: TestApi;
  let owner: { user: UserRow; cookie: string };
  let admin: { user: UserRow; cookie: string };
  let stranger: { user: UserRow; cookie: string };
  let logo: Uint8Array<ArrayBuffer>;
  beforeAll(async () => {
    t = await createTestApi(engine);
    logo = new Uint8Array(await readFile("tests/fixtures/logo.png"));
    owner = await createUserWithSession(t.deps, { firstName: "Orla" });
    admin = await createUserWithSession(t.deps, { firstName: "Adi" });
    stranger = await createUserWithSession(t.deps, { firstName: "Sam" });
    expect((await as(t, owner.cookie).post("/orgs", { handle: "robotics", ...ORG })).status).toBe(
      201,
    );
    const org = await t.db
      .selectFrom("organisations")
      .select("id")
      .where("handle", "=", "robotics")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("orgAdmins")
      .values({ orgId: org.id, userId: admin.user.id, addedAt: t.clock.now().toISOString() })
      .execute();
  });
  afterAll(() => t.close());

  const step1 = (cookie: string, n: string, fields: Record<string, string> = {}) => {
    const form = step1Form();
    form.append("eventLogo", new File([logo], "logo.png", { type: "image/png" }));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return t.request(`/event/create/${n}/step1`, { method: "POST", body: form, cookie });
  };

  it("step 1 without `orgHandle`: `org` is null and the typed name stays", async () => {
    const res = await step1(stranger.cookie, "61001");
    expect(res.status).toBe(200);
    const event = (await res.json()) as EventData;
    expect(event.org).toBeNull();
    expect(event.organisationName).toBe("IIT Delhi");
  });

  it("403 'You are not an admin of this organisation' for anyone else, before any other rule; nothing is made", async () => {
    const res = await step1(stranger.cookie, "61002", { orgHandle: "robotics", eventName: "" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "You are not an admin of this organisation" });
    const made = await t.db
      .selectFrom("events")
      .select("id")
      .where("eventNumber", "=", "61002")
      .execute();
    expect(made).toEqual([]);
    const unknown = await step1(owner.cookie, "61002", { orgHandle: "no-such-club" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toEqual({ orgHandle: ["Organisation not found"] });
  });

  it("the owner or an admin hosts under it: `organisationName` is its name, `org` names it", async () => {
    for (const [who, n] of [
      [owner, "61003"],
      [admin, "61004"],
    ] as const) {
      const res = await step1(who.cookie, n, {
        orgHandle: "robotics",
        organisationName: "Something typed",
      });
      expect(res.status).toBe(200);
      const event = (await res.json()) as EventData;
      expect(event.organisationName).toBe("Robotics Club");
      expect(event.org).toEqual({
        handle: "robotics",
        name: "Robotics Club",
        logo: null,
        verified: false,
      });
    }
    // The same on every read: details, and a later save without the field keeps it.
    const read = (await (
      await as(t, admin.cookie).get("/event/details/61003")
    ).json()) as EventData;
    expect(read.org?.handle).toBe("robotics");
    const again = await step1(owner.cookie, "61003", { organisationName: "Typed again" });
    expect(((await again.json()) as EventData).organisationName).toBe("Robotics Club");
  });

  it("an organisation's new name and verification show on its events; an empty `orgHandle` leaves it", async () => {
    await as(t, owner.cookie).post("/org/robotics", { ...ORG, name: "IITD Robotics" });
    await t.db
      .updateTable("organisations")
      .set({ verifiedDomain: "iitd.ac.in" })
      .where("handle", "=", "robotics")
      .execute();
    const read = (await (
      await as(t, owner.cookie).get("/event/details/61004")
    ).json()) as EventData;
    expect(read.organisationName).toBe("IITD Robotics");
    expect(read.org).toMatchObject({ name: "IITD Robotics", verified: true });
    const row = await t.db
      .selectFrom("events")
      .select("organisationName")
      .where("eventNumber", "=", "61004")
      .executeTakeFirstOrThrow();
    expect(row.organisationName).toBe("IITD Robotics");
    const left = await step1(owner.cookie, "61004", {
      orgHandle: "",
      organisationName: "Own Name",
    });
    const event = (await left.json()) as EventData;
    expect(event.org).toBeNull();
    expect(event.organisationName).toBe("Own Name");
  });

  it("an admin of the organisation is an admin of its events; removed, the rights go at once", async () => {
    const res = await step1(owner.cookie, "61005", { orgHandle: "robotics" });
    expect(res.status).toBe(200);
    expect((await as(t, admin.cookie).get("/event/61005/activity")).status).toBe(200);
    const save = await step1(admin.cookie, "61005", { eventName: "Bot Wars" });
    expect(save.status).toBe(200);
    const removed = await as(t, owner.cookie).post(`/org/robotics/admins/${admin.user.id}/remove`);
    expect(removed.status).toBe(200);
    expect((await as(t, admin.cookie).get("/event/61005/activity")).status).toBe(404);
    expect((await step1(admin.cookie, "61005")).status).toBe(409);
  });

  it("GET /org/{handle}/events: published cards, open ones by deadline; ?past=1 newest first with winners; pages of 12", async () => {
    const org = await t.db
      .selectFrom("organisations")
      .select("id")
      .where("handle", "=", "robotics")
      .executeTakeFirstOrThrow();
    const day = 86_400_000;
    const at = (days: number) => new Date(t.clock.now().getTime() + days * day).toISOString();
    for (const [n, end] of [
      ["63001", 9],
      ["63002", 2],
      ["63003", 30],
    ] as const)
      await insertEvent(t.deps, owner.user.id, { eventNumber: n, orgId: org.id, endDate: at(end) });
    await insertEvent(t.deps, owner.user.id, {
      eventNumber: "63004",
      orgId: org.id,
      endDate: at(3),
      status: "draft",
    });
    await insertEvent(t.deps, owner.user.id, { eventNumber: "63005", endDate: at(3) });
    const old = await insertEvent(t.deps, owner.user.id, {
      eventNumber: "63006",
      orgId: org.id,
      endDate: at(-20),
    });
    await insertEvent(t.deps, owner.user.id, {
      eventNumber: "63007",
      orgId: org.id,
      endDate: at(-2),
    });
    const winner = await createUserWithSession(t.deps, { firstName: "Wren", lastName: "Das" });
    const reg = await insertRegistration(t.deps, old, [winner.user.id]);
    await t.db
      .insertInto("eventWinners")
      .values({ eventId: old.id, rank: 1, registrationId: reg, createdAt: at(-19) })
      .execute();

    const upcoming = await (await t.request("/org/robotics/events")).json();
    expect(upcoming.map((e: { eventNumber: string }) => e.eventNumber)).toEqual([
      "63002",
      "63001",
      "63003",
    ]);
    expect(upcoming[0]).not.toHaveProperty("winners");
    // Every card names its organisation (SPEC-4 §4: "event cards … link the organisation").
    const o = await (await t.request("/org/robotics")).json();
    const robotics = {
      handle: "robotics",
      name: o.name,
      logo: o.logo,
      verified: !!o.verifiedDomain,
    };
    expect(upcoming[0].org).toEqual(robotics);
    expect(upcoming[0].organisationName).toBe(o.name);
    const listed = await (await t.request("/event/get-all?limit=100")).json();
    const card = (n: string) => listed.find((e: { eventNumber: string }) => e.eventNumber === n);
    expect(card("63001").org).toEqual(robotics);
    expect(card("63005").org).toBeNull();
    const mine = await (await t.request("/my/event?limit=100", { cookie: owner.cookie })).json();
    expect(mine.find((e: { eventNumber: string }) => e.eventNumber === "63004").org).toEqual(
      robotics,
    );
    const past = await (await t.request("/org/robotics/events?past=1")).json();
    expect(past.map((e: { eventNumber: string }) => e.eventNumber)).toEqual(["63007", "63006"]);
    expect(past[0].winners).toEqual([]);
    expect(past[1].winners).toEqual([{ rank: 1, _id: reg, name: "Wren D., IIT Delhi" }]);
    expect(await (await t.request("/org/robotics/events?page=2")).json()).toEqual([]);
    expect((await t.request("/org/robotics/events?page=x")).status).toBe(400);
    expect((await t.request("/org/no-such-club/events")).status).toBe(404);
  });

  it("search: GET /orgs/search answers up to 3 organisations by name, handle or college; /event/find?org= lists one organisation's events", async () => {
    for (const [handle, name, college] of [
      ["drama-iitd", "Dramatics Society", "IIT Delhi"],
      ["music-iitd", "Music Club", "IIT Delhi"],
      ["quiz-iitb", "Quiz Club", "IIT Bombay"],
      ["robo-iitd", "Robo Society", "iit delhi"],
    ])
      await as(t, owner.cookie).post("/orgs", { handle, name, college, city: "Delhi" });
    const find = async (q: string) =>
      (await (await t.request(`/orgs/search?q=${encodeURIComponent(q)}`)).json()).map(
        (o: { handle: string }) => o.handle,
      );
    expect(await find("dramatics")).toEqual(["drama-iitd"]);
    expect(await find("QUIZ-iitb")).toEqual(["quiz-iitb"]);
    expect(await find("iit delhi")).toHaveLength(3);
    expect(await find("")).toEqual([]);
    expect(await find("100%")).toEqual([]);
    const one = (await (await t.request("/orgs/search?q=music")).json())[0];
    expect(one).toEqual({
      handle: "music-iitd",
      name: "Music Club",
      college: "IIT Delhi",
      city: "Delhi",
      logo: null,
      verifiedDomain: null,
    });
    const listed = await t.request("/event/find?org=robotics");
    expect(listed.status).toBe(200);
    const numbers = (await listed.json()).map((e: { eventNumber: string }) => e.eventNumber);
    // Open ones by deadline, then closed ones newest first.
    expect(numbers).toEqual(["63002", "63001", "63003", "63007", "63006"]);
    expect(listed.headers.get("X-Total-Count")).toBe("5");
    const open = await (await t.request("/event/find?org=robotics&open=true")).json();
    expect(open).toHaveLength(3);
    expect(await (await t.request("/event/find?org=no-such-club")).json()).toEqual([]);
  });

  it("clashes: the organiser's read lists published events of the same college whose window or rounds overlap", async () => {
    const id = async (h: string) =>
      (
        await t.db
          .selectFrom("organisations")
          .select("id")
          .where("handle", "=", h)
          .executeTakeFirstOrThrow()
      ).id;
    await t.db
      .updateTable("organisations")
      .set({ college: "IIT Delhi" })
      .where("handle", "=", "robotics")
      .execute();
    await as(t, owner.cookie).post("/orgs", {
      handle: "far-club",
      name: "Far Club",
      college: "IIT Bombay",
      city: "Mumbai",
    });
    const d = (s: string) => `2026-12-${s}:00.000Z`;
    const mine = await insertEvent(t.deps, owner.user.id, {
      eventNumber: "65001",
      orgId: await id("robotics"),
      startDate: d("01T00:00"),
      endDate: d("05T00:00"),
      status: "draft",
    });
    const at = (n: string, org: string, start: string, end: string, extra = {}) =>
      insertEvent(t.deps, stranger.user.id, {
        eventNumber: n,
        eventName: `Event ${n}`,
        orgId: Number(org),
        startDate: d(start),
        endDate: d(end),
        ...extra,
      });
    await at("65002", String(await id("drama-iitd")), "04T00:00", "10T00:00"); // overlaps
    await at("65003", String(await id("robo-iitd")), "20T00:00", "25T00:00", {
      // Its window is later, but a round falls on ours; "iit delhi" is the same college.
      rounds: JSON.stringify([
        { _id: "r-clash-0001", title: "R1", startDate: d("02T10:00"), endDate: d("02T12:00") },
      ]),
    });
    await at("65004", String(await id("music-iitd")), "20T00:00", "25T00:00"); // no overlap
    await at("65005", String(await id("far-club")), "01T00:00", "05T00:00"); // another college
    await at("65006", String(await id("music-iitd")), "01T00:00", "05T00:00", { status: "draft" });
    const read = await (await as(t, owner.cookie).get(`/event/details/${mine.eventNumber}`)).json();
    // 63003, the club's own event open until the 21st, overlaps too.
    expect(read.clashes.map((c: { eventNumber: string }) => c.eventNumber)).toEqual([
      "63003",
      "65002",
      "65003",
    ]);
    expect(read.clashes[1]).toEqual({
      eventNumber: "65002",
      eventName: "Event 65002",
      orgHandle: "drama-iitd",
      orgName: "Dramatics Society",
      startDate: d("04T00:00"),
      endDate: d("10T00:00"),
    });
    // Others never see it.
    const other = await (await as(t, stranger.cookie).get("/event/details/65002")).json();
    expect(other.clashes).toBeDefined(); // the stranger made 65002: it is theirs
    const anon = await (await t.request("/event/details/65002")).json();
    expect(anon).not.toHaveProperty("clashes");
  });

  it("GET /org/{handle}/calendar.ics: its published events as a calendar", async () => {
    const res = await t.request("/org/robotics/calendar.ics");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/calendar/);
    const ics = await res.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("IITD Robotics on Utsav");
    for (const n of ["63001", "63002", "63007"]) expect(ics).toContain(`/event/${n}`);
    expect(ics).not.toContain("/event/63004"); // a draft
    expect(ics).not.toContain("/event/63005"); // not the club's
    expect((await t.request("/org/no-such-club/calendar.ics")).status).toBe(404);
  });
  it("its owner and admins are the event's team: 409 'Organisers cannot register for their own event'; anyone else registers", async () => {
    const org = await t.db
      .selectFrom("organisations")
      .select("id")
      .where("handle", "=", "robotics")
      .executeTakeFirstOrThrow();
    const [maker, orgAdmin, someone] = [
      await createUserWithSession(t.deps, { firstName: "Mira" }),
      await createUserWithSession(t.deps, { firstName: "Ravi" }),
      await createUserWithSession(t.deps, { firstName: "Sana" }),
    ];
    await t.db
      .insertInto("orgAdmins")
      .values({ orgId: org.id, userId: orgAdmin.user.id, addedAt: t.clock.now().toISOString() })
      .execute();
    const n = await publishedEvent(t, maker.user.id, { orgId: org.id });
    for (const who of [owner, orgAdmin]) {
      const res = await as(t, who.cookie).post(`/event/${n}/register`, DETAILS);
      expect([res.status, (await res.json()).message]).toEqual([
        409,
        "Organisers cannot register for their own event",
      ]);
    }
    expect((await as(t, someone.cookie).post(`/event/${n}/register`, DETAILS)).status).toBe(201);
  });

  it("GET /my/event also lists the events of the organisations the caller owns or administers, as their admin", async () => {
    const org = await t.db
      .selectFrom("organisations")
      .select("id")
      .where("handle", "=", "robotics")
      .executeTakeFirstOrThrow();
    // An earlier test removed the admin: back again.
    await t.db
      .insertInto("orgAdmins")
      .values({ orgId: org.id, userId: admin.user.id, addedAt: t.clock.now().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await insertEvent(t.deps, admin.user.id, {
      eventNumber: "66001",
      orgId: org.id,
      status: "draft",
    });
    await insertEvent(t.deps, stranger.user.id, { eventNumber: "66002" });
    const list = async (cookie: string) => {
      const res = await t.request("/my/event?limit=100", { cookie });
      expect(res.status).toBe(200);
      const items = (await res.json()) as { eventNumber: string; myRole: string }[];
      return Object.fromEntries(items.map((e) => [e.eventNumber, e.myRole]));
    };
    // The owner of the organisation sees the admin's draft as its admin, and their own as owner.
    const owners = await list(owner.cookie);
    expect(owners["66001"]).toBe("admin");
    expect(owners["63004"]).toBe("owner");
    expect(owners["63005"]).toBe("owner"); // theirs, not the club's
    expect(owners["66002"]).toBeUndefined();
    // An admin of the organisation sees the owner's events of the club, drafts too, as admin.
    const admins = await list(admin.cookie);
    expect(admins["66001"]).toBe("owner");
    expect(admins["63004"]).toBe("admin");
    expect(admins["63001"]).toBe("admin");
    // Every public page's edit links come from /my/numbers: the club's published events too.
    const editable = async (cookie: string) =>
      ((await (await t.request("/my/numbers", { cookie })).json()) as { editable: string[] })
        .editable;
    expect(await editable(admin.cookie)).toEqual(expect.arrayContaining(["63001", "63002"]));
    expect(await editable(stranger.cookie)).not.toContain("63001");
    expect(admins["63005"]).toBeUndefined(); // the owner's event outside the club
    expect(
      (await t.request("/my/event?limit=100", { cookie: admin.cookie })).headers.get(
        "X-Total-Count",
      ),
    ).toBe(String(Object.keys(admins).length));
    // Nobody else sees them.
    const strangers = await list(stranger.cookie);
    expect(strangers["63004"]).toBeUndefined();
    expect(strangers["66001"]).toBeUndefined();
    expect(strangers["66002"]).toBe("owner");
    // An admin removed from the organisation no longer sees its events.
    await t.db
      .deleteFrom("orgAdmins")
      .where("orgId", "=", org.id)
      .where("userId", "=", admin.user.id)
      .execute();
    const after = await list(admin.cookie);
    expect(await editable(admin.cookie)).not.toContain("63001");
    expect(after["63004"]).toBeUndefined();
    expect(after["66001"]).toBe("owner");
  });
});
