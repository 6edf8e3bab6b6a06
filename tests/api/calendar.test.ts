import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent, insertRegistration } from "#tests/helpers/events";
import { createUserWithSession } from "#tests/helpers/users";

const NOW = "2026-11-21T06:30:00.000Z";
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

/** Parses a calendar as a calendar app would (ical.js), answering its entries by UID. */
function entries(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: v.hasProperty("dtend") ? e.endDate.toJSDate().toISOString() : null,
      alarms: v
        .getAllSubcomponents("valarm")
        .map((a) => (a.getFirstPropertyValue("trigger") as ICAL.Duration).toSeconds()),
    };
  });
}

describe.each(engines)("calendars on %s", (engine) => {
  let t: TestApi;
  let asha: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApi(engine, { now: NOW });
    const a = await createUserWithSession(t.deps);
    asha = { id: a.user.id, cookie: a.cookie };
  });
  afterAll(() => t.close());

  const longName =
    'Hack, Build; Ship \\ "Now": राष्ट्रीय नवाचार प्रतियोगिता and a name long enough to need folding';

  it("serves one event's deadlines and dates as RFC 5545, stable across downloads", async () => {
    const e = await insertEvent(t.deps, asha.id, {
      eventName: longName,
      startDate: at(DAY),
      endDate: at(6 * DAY),
      rounds: JSON.stringify([
        {
          title: "Prelims",
          description: "Online quiz",
          startDate: at(8 * DAY),
          endDate: at(8 * DAY + 3_600_000),
          isEliminatorRound: "true",
        },
        {
          title: "Finals",
          description: "On stage",
          startDate: at(10 * DAY),
          endDate: at(10 * DAY),
        },
      ]),
      importantDates: JSON.stringify([{ dateTitle: "Results", date: at(12 * DAY) }]),
    });
    const res = await t.request(`/event/${e.eventNumber}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await res.text();
    // Lines end in CRLF and none is longer than 75 octets: long ones are folded.
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // Every line ends in CRLF, END:VCALENDAR too (issue 31).
    expect(text).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n [^\r\n]/);
    // Text is escaped (commas, semicolons, backslashes) and comes back whole.
    expect(text.replace(/\r\n /g, "")).toContain("Hack\\, Build\\; Ship \\\\ ");
    // Times in UTC.
    for (const m of text.matchAll(/^(DTSTART|DTEND|DTSTAMP)[^:]*:(.*)$/gm))
      expect(m[2]).toMatch(/^\d{8}T\d{6}Z$/);
    const list = entries(text);
    expect(list.map((x) => x.summary)).toEqual([
      `Registration closes: ${longName}`,
      `Registration opens: ${longName}`,
      `Prelims: ${longName}`,
      `Finals: ${longName}`,
      `Results: ${longName}`,
    ]);
    // Every entry has an end (issue 31): a deadline is the half hour that ends at it, with its
    // alarm a day before the deadline; an opening or a date is the half hour that starts at it.
    const HALF_HOUR = 30 * 60_000;
    const closes = list[0];
    expect(closes).toMatchObject({ start: at(6 * DAY - HALF_HOUR), end: at(6 * DAY) });
    expect(Date.parse(closes.start) + closes.alarms[0]! * 1000).toBe(Date.parse(at(5 * DAY)));
    expect(list[1]).toMatchObject({ start: at(DAY), end: at(DAY + HALF_HOUR) });
    expect(list[2]).toMatchObject({ start: at(8 * DAY), end: at(8 * DAY + 3_600_000) });
    expect(list[3]).toMatchObject({ start: at(10 * DAY), end: at(10 * DAY + HALF_HOUR) });
    expect(list[4]).toMatchObject({ start: at(12 * DAY), end: at(12 * DAY + HALF_HOUR) });
    // Downloading again gives the same UIDs (and the same file).
    const again = await (await t.request(`/event/${e.eventNumber}/calendar.ics`)).text();
    expect(entries(again).map((x) => x.uid)).toEqual(list.map((x) => x.uid));
    expect(new Set(list.map((x) => x.uid)).size).toBe(5);
    expect(again).toBe(text);
  });

  it("leaves out the opening once it has passed, and hides drafts", async () => {
    const e = await insertEvent(t.deps, asha.id, { startDate: at(-DAY), endDate: at(DAY) });
    const list = entries(await (await t.request(`/event/${e.eventNumber}/calendar.ics`)).text());
    expect(list.map((x) => x.summary)).toEqual([`Registration closes: ${e.eventName}`]);
    const draft = await insertEvent(t.deps, asha.id, { status: "draft" });
    expect((await t.request(`/event/${draft.eventNumber}/calendar.ics`)).status).toBe(404);
    const own = await t.request(`/event/${draft.eventNumber}/calendar.ics`, {
      cookie: asha.cookie,
    });
    expect(own.status).toBe(200);
    expect((await t.request(`/event/123/calendar.ics`)).status).toBe(404);
  });

  it("gives a personal feed of saved events; reset makes a new one and the old one 404", async () => {
    const u = await createUserWithSession(t.deps, { firstName: "Neel" });
    expect((await t.request("/user/calendar")).status).toBe(401);
    expect((await t.request("/user/calendar/reset", { method: "POST" })).status).toBe(401);
    const first = await (await t.request("/user/calendar", { cookie: u.cookie })).json();
    expect(first.url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[\w-]{43}\.ics$/);
    // Asking again gives the same link.
    expect(await (await t.request("/user/calendar", { cookie: u.cookie })).json()).toEqual(first);
    const path = (url: string) => url.replace("http://localhost:3000/api/v1", "");

    const saved = await insertEvent(t.deps, asha.id, { endDate: at(3 * DAY) });
    const other = await insertEvent(t.deps, asha.id, { endDate: at(4 * DAY) });
    await t.request(`/event/${saved.eventNumber}/save`, { method: "POST", cookie: u.cookie });
    // No session needed: calendar apps fetch the link as it is.
    const feed = await t.request(path(first.url));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    const list = entries(await feed.text());
    expect(list.map((x) => x.summary)).toEqual([`Registration closes: ${saved.eventName}`]);
    expect(list.map((x) => x.summary).join()).not.toContain(other.eventName);
    // Registered (not saved) events are in it too.
    const registered = await insertEvent(t.deps, asha.id, { endDate: at(5 * DAY) });
    await insertRegistration(t.deps, registered, [u.user.id]);
    const both = entries(await (await t.request(path(first.url))).text());
    expect(both.map((x) => x.summary)).toEqual([
      `Registration closes: ${saved.eventName}`,
      `Registration closes: ${registered.eventName}`,
    ]);
    // The feed's entries are the event file's: one UID per entry wherever it comes from.
    const single = entries(
      await (await t.request(`/event/${saved.eventNumber}/calendar.ics`)).text(),
    );
    expect(list[0].uid).toBe(single[0].uid);

    const reset = await t.request("/user/calendar/reset", { method: "POST", cookie: u.cookie });
    expect(reset.status).toBe(200);
    const next = await reset.json();
    expect(next.url).not.toBe(first.url);
    expect((await t.request(path(first.url))).status).toBe(404);
    expect((await t.request(path(next.url))).status).toBe(200);
    expect((await t.request("/calendar/not-a-token.ics")).status).toBe(404);
    expect((await t.request(path(next.url).replace(".ics", ""))).status).toBe(404);
  });
});
