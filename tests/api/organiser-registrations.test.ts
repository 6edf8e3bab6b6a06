import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Insights, RegistrationList } from "#server/contracts/organiser";
import type { UserRow } from "#server/db/schema";
import { createTestApi, engines, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { registerDirect } from "#tests/helpers/registrants";
import { ORGANISER_CALLS as CALLS } from "#tests/helpers/organiser";
import { createUserWithSession } from "#tests/helpers/users";

describe.each(engines)("SPEC-2 §4 registrations, CSV, insights on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; id: string };
  let event: { id: number; eventNumber: string };
  let registrant: { cookie: string; user: UserRow };
  const users: UserRow[] = [];
  beforeAll(async () => {
    t = await createTestApi(engine);
    const o = await createUserWithSession(t.deps, { firstName: "Esha", lastName: "Organiser" });
    owner = { cookie: o.cookie, id: o.user.id };
    event = await insertEvent(t.deps, owner.id, {
      participationType: "team",
      minTeam: 2,
      maxTeam: 3,
    });
    const names: [string, string | null, string][] = [
      ["Rohan", "Mehta", "IIT Bombay"],
      ["Priya", "Nair", "NIT Trichy"],
      ['=HYPERLINK("http://x")', "@evil", "+Formula College"],
      ["Kabir", "-dash", "\tTab College"],
      ["Zoya", null, "BITS Pilani"],
    ];
    for (const [firstName, lastName, collegeName] of names)
      users.push((await createUserWithSession(t.deps, { firstName, lastName, collegeName })).user);
    const day = 86_400_000;
    const at = (d: number) => new Date(t.clock.now().getTime() - d * day).toISOString();
    // A complete team of three, an incomplete team of one, and a complete team of two.
    await registerDirect(t.deps, event.id, users.slice(0, 2).concat(users[4]!), {
      teamName: "Byte Me",
      at: at(3),
    });
    await registerDirect(t.deps, event.id, [users[2]!], { teamName: "Solo Squad", at: at(1) });
    const team3 = await createUserWithSession(t.deps, { firstName: "Dev", lastName: "\rSingh" });
    registrant = { cookie: team3.cookie, user: team3.user };
    await registerDirect(t.deps, event.id, [users[3]!, team3.user], {
      teamName: "Null Pointers",
      at: at(0),
    });
  });
  afterAll(() => t.close());

  const get = (path: string, cookie = owner.cookie) =>
    t.request(`/event/${event.eventNumber}${path}`, { cookie });

  it("a registrant of the event gets 403 on every organiser call", async () => {
    for (const [method, path, body] of CALLS) {
      const res = await t.request(`/event/${event.eventNumber}${path}`, {
        method,
        json: body,
        cookie: registrant.cookie,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("lists counts and one item per person, newest first, paged on the server", async () => {
    const res = await get("/registrations");
    expect(res.status).toBe(200);
    const list = (await res.json()) as RegistrationList;
    expect(list.counts).toEqual({
      registrations: 3,
      individuals: 0,
      teams: 3,
      completeTeams: 2,
      incompleteTeams: 1,
      people: 6,
    });
    expect(list.total).toBe(6);
    expect(list.items[0]).toMatchObject({
      firstName: "Dev",
      teamName: "Null Pointers",
      isLeader: false,
      phone: "9876543210",
      course: "B.Tech",
      email: registrant.user.email,
    });
    expect(list.items.find((p) => p.firstName === "Rohan")).toMatchObject({
      teamName: "Byte Me",
      isLeader: true,
      collegeName: "IIT Bombay",
    });
    const page2 = (await (await get("/registrations?limit=4&page=2")).json()) as RegistrationList;
    expect(page2.items.map((p) => p.firstName)).toEqual(["Priya", "Rohan"]);
    expect(page2).toMatchObject({ page: 2, limit: 4, total: 6 });
  });

  it("searches name, e-mail, college and team on the server", async () => {
    const names = async (q: string) =>
      (
        (await (await get(`/registrations?q=${encodeURIComponent(q)}`)).json()) as RegistrationList
      ).items
        .map((p) => p.firstName)
        .sort();
    expect(await names("priya nair")).toEqual(["Priya"]);
    expect(await names("bits")).toEqual(["Zoya"]);
    expect(await names("NULL POINT")).toEqual(["Dev", "Kabir"]);
    expect(await names(registrant.user.email)).toEqual(["Dev"]);
    expect(await names("100%")).toEqual([]);
    expect(await names("pri\u0000ya")).toEqual(["Priya"]); // a NUL is dropped, never a 500
  });

  it("CSV: attachment utsav-{n}-registrations.csv, BOM, a row per person, formulas defused", async () => {
    const res = await get("/registrations?format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="utsav-${event.eventNumber}-registrations.csv"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(new TextDecoder().decode(bytes), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(6);
    expect(Object.keys(rows[0]!)).toEqual([
      "First name",
      "Last name",
      "E-mail",
      "Phone",
      "College",
      "Course",
      "Registered at (UTC)",
      "Team",
      "Team leader",
      "Registration id",
    ]);
    const byName = (first: string) => rows.find((r) => r["First name"] === first)!;
    expect(byName("Rohan")).toMatchObject({ Team: "Byte Me", "Team leader": "yes" });
    expect(byName("Priya")).toMatchObject({ Team: "Byte Me", "Team leader": "no" });
    expect(byName("Zoya")["Last name"]).toBe("");
    const evil = byName(`'=HYPERLINK("http://x")`);
    expect(evil).toMatchObject({ "Last name": "'@evil", College: "'+Formula College" });
    expect(byName("Kabir")).toMatchObject({ "Last name": "'-dash", College: "'\tTab College" });
    expect(byName("Dev")["Last name"]).toBe("'\rSingh");
    expect(rows.every((r) => /^\d{10}$/.test(r.Phone!))).toBe(true);
  });

  it("CSV honours the search too", async () => {
    const res = await get("/registrations?format=csv&q=Byte");
    const rows = parse(await res.text(), { bom: true, columns: true });
    expect(rows).toHaveLength(3);
  });

  it("insights: saves, registrations, complete and incomplete teams, each with 30 days", async () => {
    await t.db
      .insertInto("saves")
      .values({ userId: users[0]!.id, eventId: event.id, createdAt: t.clock.now().toISOString() })
      .execute();
    const res = await get("/insights");
    expect(res.status).toBe(200);
    const i = (await res.json()) as Insights;
    expect(i.registrations.total).toBe(3);
    expect(i.completeTeams.total).toBe(2);
    expect(i.incompleteTeams.total).toBe(1);
    expect(i.saves).toMatchObject({ total: 1 });
    expect(i.saves.daily.at(-1)!.count).toBe(1);
    for (const s of [i.views, i.saves, i.registrations, i.completeTeams, i.incompleteTeams])
      expect(s.daily).toHaveLength(30);
    expect(i.registrations.daily.slice(-4).map((d) => d.count)).toEqual([1, 0, 1, 1]);
    expect(i.incompleteTeams.daily.at(-2)!.count).toBe(1);
  });

  it("an announcement is mailed once to every registered person", async () => {
    const before = (await outbox(t.db)).length;
    const res = await t.request(`/event/${event.eventNumber}/announcements`, {
      method: "POST",
      json: { title: "Venue moved", message: "Hall B, 10 am sharp.\nBring your ID." },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    const mails = (await outbox(t.db)).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [...users.map((u) => u.email), registrant.user.email].sort(),
    );
    expect(mails[0]!.subject).toBe("CodeStorm: Venue moved");
    expect(mails[0]!.text).toContain("Hall B, 10 am sharp.");
    expect(mails[0]!.text).toContain(`/event/${event.eventNumber}#Updates`);
  });

  it("delete refuses an event with registrations (409) and changes nothing", async () => {
    const res = await t.request(`/event/${event.eventNumber}/delete`, {
      method: "POST",
      json: {},
      cookie: owner.cookie,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "Events with registrations cannot be deleted: unpublish it instead",
    });
    expect((await get("/registrations")).status).toBe(200);
  });

  it("unpublish keeps the registrations; duplicate copies none of them", async () => {
    const un = await t.request(`/event/${event.eventNumber}/unpublish`, {
      method: "POST",
      json: {},
      cookie: owner.cookie,
    });
    expect(un.status).toBe(200);
    expect(((await (await get("/registrations")).json()) as RegistrationList).total).toBe(6);
    const dup = await t.request(`/event/${event.eventNumber}/duplicate`, {
      method: "POST",
      json: {},
      cookie: owner.cookie,
    });
    const { eventNumber: copy } = (await dup.json()) as { eventNumber: string };
    const list = (await (
      await t.request(`/event/${copy}/registrations`, { cookie: owner.cookie })
    ).json()) as RegistrationList;
    expect(list.total).toBe(0);
    const insights = (await (
      await t.request(`/event/${copy}/insights`, { cookie: owner.cookie })
    ).json()) as Insights;
    expect(insights.registrations.total + insights.views.total).toBe(0);
    const details = await (
      await t.request(`/event/details/${copy}`, { cookie: owner.cookie })
    ).json();
    expect(details).toMatchObject({ registrationCount: 0, participationType: "team", minTeam: 2 });
  });
});
