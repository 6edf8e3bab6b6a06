import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, outbox, type TestApi } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/organiser-event";
import { createUserWithSession } from "#tests/helpers/users";

describe.each(engines)("SPEC-2 §4 announcements, unpublish, duplicate, delete on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; id: string };
  let stranger: string;
  beforeAll(async () => {
    t = await createTestApi(engine);
    const o = await createUserWithSession(t.deps);
    owner = { cookie: o.cookie, id: o.user.id };
    stranger = (await createUserWithSession(t.deps)).cookie;
  });
  afterAll(() => t.close());

  const post = (path: string, json: unknown, cookie?: string) =>
    t.request(path, { method: "POST", json, cookie });

  it("announcements: the spec's messages, nothing stored on bad input", async () => {
    const { eventNumber } = await insertEvent(t.deps, owner.id);
    const cases: [unknown, string, string][] = [
      [{ message: "A long enough message" }, "title", "Title is required"],
      [{ title: "  ", message: "A long enough message" }, "title", "Title is required"],
      [{ title: "Hi", message: "A long enough message" }, "title", "Minimum 3 characters required"],
      [
        { title: "x".repeat(101), message: "A long enough message" },
        "title",
        "Maximum 100 characters",
      ],
      [{ title: "Venue" }, "message", "Message is required"],
      [{ title: "Venue", message: "Too short" }, "message", "Minimum 10 characters required"],
      [{ title: "Venue", message: "x".repeat(2001) }, "message", "Maximum 2,000 characters"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(`/event/${eventNumber}/announcements`, body, owner.cookie);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.errors[field]).toContain(message);
    }
    const list = await t.request(`/event/${eventNumber}/announcements`);
    expect(await list.json()).toEqual([]);
  });

  it("announcements: 201, listed newest first to anyone, at most 5 a day (429), again the next day", async () => {
    const { eventNumber } = await insertEvent(t.deps, owner.id);
    for (let i = 1; i <= 5; i++) {
      const res = await post(
        `/event/${eventNumber}/announcements`,
        { title: `Update ${i}`, message: `Message number ${i} for everyone` },
        owner.cookie,
      );
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ title: `Update ${i}` });
      t.clock.advance(60_000);
    }
    const sixth = await post(
      `/event/${eventNumber}/announcements`,
      { title: "Update 6", message: "One too many for today" },
      owner.cookie,
    );
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ message: "Too many announcements today" });
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
    const list = (await (await t.request(`/event/${eventNumber}/announcements`)).json()) as {
      title: string;
    }[];
    expect(list.map((a) => a.title)).toEqual([5, 4, 3, 2, 1].map((i) => `Update ${i}`));
    t.clock.advance(86_400_000);
    const nextDay = await post(
      `/event/${eventNumber}/announcements`,
      { title: "Update 6", message: "A new day, a new update" },
      owner.cookie,
    );
    expect(nextDay.status).toBe(201);
  });

  it("announcements of a draft are 404 to others and shown to the creator", async () => {
    const { eventNumber } = await insertEvent(t.deps, owner.id, { status: "draft" });
    expect((await t.request(`/event/${eventNumber}/announcements`)).status).toBe(404);
    expect(
      (await t.request(`/event/${eventNumber}/announcements`, { cookie: stranger })).status,
    ).toBe(404);
    const mine = await t.request(`/event/${eventNumber}/announcements`, { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect((await t.request("/event/99999999/announcements")).status).toBe(404);
  });

  it("unpublish hides the event (404 to others, out of lists), publishing again restores it", async () => {
    const { eventNumber } = await insertEvent(t.deps, owner.id, { eventName: "Hidden Fest" });
    const res = await post(`/event/${eventNumber}/unpublish`, {}, owner.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ eventNumber, status: "draft" });
    expect((await t.request(`/event/details/${eventNumber}`)).status).toBe(404);
    expect((await t.request(`/event/details/${eventNumber}`, { cookie: stranger })).status).toBe(
      404,
    );
    const found = (await (await t.request("/event/find?q=Hidden")).json()) as unknown[];
    expect(found).toEqual([]);
    const listed = async (path: string) =>
      ((await (await t.request(path)).json()) as { eventNumber: string }[]).some(
        (e) => e.eventNumber === eventNumber,
      );
    expect(await listed("/event/get-all?limit=50")).toBe(false);
    expect(await listed("/event/sitemap")).toBe(false);
    const again = await t.request(`/event/create/${eventNumber}/step3/activateEvent`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(again.status).toBe(200);
    expect((await t.request(`/event/details/${eventNumber}`)).status).toBe(200);
    expect(await listed("/event/get-all?limit=50")).toBe(true);
    expect(await listed("/event/sitemap")).toBe(true);
  });

  it("duplicate copies the content into a new draft with every date empty, and nothing else", async () => {
    const { eventNumber } = await insertEvent(t.deps, owner.id, { eventName: "Copy Me" });
    await post(
      `/event/${eventNumber}/announcements`,
      { title: "Original only", message: "This stays with the original" },
      owner.cookie,
    );
    const res = await post(`/event/${eventNumber}/duplicate`, {}, owner.cookie);
    expect(res.status).toBe(201);
    const { eventNumber: copyNumber } = (await res.json()) as { eventNumber: string };
    expect(copyNumber).toMatch(/^\d{5,9}$/);
    expect(copyNumber).not.toBe(eventNumber);
    const copy = await (
      await t.request(`/event/details/${copyNumber}`, { cookie: owner.cookie })
    ).json();
    expect(copy).toMatchObject({
      status: "draft",
      madeBy: owner.id,
      eventName: "Copy Me",
      organisationName: "IIT Delhi",
      startDate: null,
      endDate: null,
      publishedAt: null,
      prizes: [
        { rank: 1, cashAmount: 50000 },
        { rank: 2, cashAmount: 20000 },
      ],
    });
    expect(copy.importantDates).toEqual([{ dateTitle: "Finale", date: "" }]);
    expect(copy.rounds.map((r: any) => [r.title, r.startDate, r.endDate])).toEqual([
      ["Round 1", "", ""],
      ["Finale", "", ""],
    ]);
    expect((await t.request(`/event/details/${copyNumber}`)).status).toBe(404);
    const updates = await t.request(`/event/${copyNumber}/announcements`, {
      cookie: owner.cookie,
    });
    expect(await updates.json()).toEqual([]);
  });

  it("delete removes an event without registrations, published or not", async () => {
    for (const status of ["active", "draft"] as const) {
      const { eventNumber } = await insertEvent(t.deps, owner.id, { status });
      await post(
        `/event/${eventNumber}/announcements`,
        { title: "Soon gone", message: "This goes with the event" },
        owner.cookie,
      );
      const res = await post(`/event/${eventNumber}/delete`, {}, owner.cookie);
      expect(res.status).toBe(200);
      expect(
        (await t.request(`/event/details/${eventNumber}`, { cookie: owner.cookie })).status,
      ).toBe(404);
      expect((await post(`/event/${eventNumber}/delete`, {}, owner.cookie)).status).toBe(404);
    }
  });

  it("announcements are queued as mail in the same transaction (none without registrants)", async () => {
    const before = (await outbox(t.db)).length;
    const { eventNumber } = await insertEvent(t.deps, owner.id);
    await post(
      `/event/${eventNumber}/announcements`,
      { title: "Nobody yet", message: "No registrants to mail yet" },
      owner.cookie,
    );
    expect((await outbox(t.db)).length).toBe(before);
  });
});
