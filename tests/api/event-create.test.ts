import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES, FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "#server/contracts/constants";
import { NUMBER_TAKEN, VERSION_CONFLICT } from "#server/contracts/event";
import type { EventData } from "#server/contracts/event-shape";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { createUserWithSession } from "#tests/helpers/users";
import { prelimsAndFinals } from "#tests/helpers/events";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures", name));
const png = (name = "logo.png") => new File([fixture(name)], name, { type: "image/png" });
const pdf = () => new File([fixture("brochure.pdf")], "brochure.pdf", { type: "application/pdf" });

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const step1Fields = (over: Record<string, string | File> = {}) =>
  form({
    eventNumber: "",
    eventType: "Quizzes",
    eventName: "Brain Bowl",
    organisationName: "IIT Delhi",
    festivalName: "Rendezvous",
    eventWebsite: "brainbowl.example.in",
    modeOfEvent: "Offline",
    countryName: "India",
    stateName: "Delhi",
    cityName: "New Delhi",
    locationName: "Lecture Hall Complex",
    aboutEvent: "<h2>Rules</h2><ul><li>Teams of two</li></ul>",
    eventLogo: png(),
    ...over,
  });

const step2Body = {
  participationType: "team",
  minTeam: "2",
  maxTeam: 5,
  startDate: "2026-11-22T10:00",
  endDate: "2026-12-05T18:00:00+05:30",
  contactDetails: [{ name: "Ravi Kumar", number: "9876543210" }],
};

describe.each(engines)("event creation API on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; user: { id: string } };
  let other: { cookie: string; user: { id: string } };
  let number = 10000;
  const nextNumber = () => String(++number);

  async function post(p: string, cookie: string, body: FormData | object) {
    return body instanceof FormData
      ? t.request(p, { method: "POST", body, cookie })
      : t.request(p, { method: "POST", json: body, cookie });
  }
  async function createDraft(n = nextNumber()) {
    const res = await post(`/event/create/${n}/step1`, owner.cookie, step1Fields());
    expect(res.status).toBe(200);
    return { n, event: (await res.json()) as EventData };
  }
  async function row(n: string) {
    return t.db.selectFrom("events").selectAll().where("eventNumber", "=", n).executeTakeFirst();
  }

  beforeAll(async () => {
    // One organiser makes far more drafts here than the hourly allowance (hardening-drafts tests it).
    t = await createTestApi(engine, { config: { rateLimit: false } });
    owner = await createUserWithSession(t.deps);
    other = await createUserWithSession(t.deps, { firstName: "Mallory" });
  });
  afterAll(() => t.close());

  it("GET /event/content answers a default About for each of the seven types", async () => {
    const texts = new Set<string>();
    for (const type of EVENT_TYPES) {
      const res = await t.request(`/event/content?type=${encodeURIComponent(type)}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.eventType).toBe(type);
      expect(body.aboutEvent).toMatch(/^<p>/);
      texts.add(body.aboutEvent);
    }
    expect(texts.size).toBe(7);
    expect((await t.request("/event/content")).status).toBe(400);
    expect((await t.request("/event/content?type=Parties")).status).toBe(400);
  });

  it("step 1 needs a session", async () => {
    const res = await t.request(`/event/create/${nextNumber()}/step1`, {
      method: "POST",
      body: step1Fields(),
    });
    expect(res.status).toBe(401);
  });

  it("step 1 creates the draft owned by the caller and answers it with its type", async () => {
    const { n, event } = await createDraft();
    expect(event).toMatchObject({
      eventNumber: n,
      status: "draft",
      version: 1,
      madeBy: owner.user.id,
      eventType: "Quizzes",
      eventWebsite: "https://brainbowl.example.in",
      modeOfEvent: "Offline",
      cityName: "New Delhi",
      aboutEvent: "<h2>Rules</h2><ul><li>Teams of two</li></ul>",
    });
    expect(event.eventLogo).toMatch(/^\/api\/v1\/files\/[a-f0-9]+\.webp$/);
    const file = await t.request(event.eventLogo!.replace("/api/v1", ""));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    // Saving again updates the same draft and bumps the version; the logo is kept when none is sent.
    const again = await post(
      `/event/create/${n}/step1`,
      owner.cookie,
      step1Fields({ eventLogo: "", modeOfEvent: "Online", version: "1" }),
    );
    expect(again.status).toBe(200);
    const updated = (await again.json()) as EventData;
    expect(updated).toMatchObject({
      version: 2,
      modeOfEvent: "Online",
      cityName: null,
      eventLogo: event.eventLogo,
    });
  });

  it("step 1 refuses bad input with SPEC's messages and stores nothing", async () => {
    const n = nextNumber();
    const res = await post(
      `/event/create/${n}/step1`,
      owner.cookie,
      form({
        eventType: "",
        eventName: "ab",
        organisationName: "",
        eventWebsite: "not a site",
        modeOfEvent: "Offline",
        countryName: "In",
      }),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toMatchObject({
      eventLogo: ["Event Logo is required"],
      eventType: ["Event Type is required"],
      eventName: ["Minimum 3 characters required"],
      organisationName: ["Organisation Name is required"],
      eventWebsite: ["Invalid Website Address"],
      countryName: ["Minimum 3 characters required"],
      stateName: ["Required"],
      cityName: ["Required"],
    });
    expect(await row(n)).toBeUndefined();
  });

  it("a number held by another user's event is refused with 409 and their event is untouched", async () => {
    const { n, event } = await createDraft();
    const res = await post(
      `/event/create/${n}/step1`,
      other.cookie,
      step1Fields({ eventName: "Hijack" }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(NUMBER_TAKEN);
    const stored = await row(n);
    expect(stored).toMatchObject({
      madeBy: owner.user.id,
      eventName: "Brain Bowl",
      version: event.version,
    });
  });

  it("only the creator reads a draft, saves any step or publishes; others change nothing", async () => {
    const { n } = await createDraft();
    expect((await t.request(`/event/details/${n}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/event/details/${n}`)).status).toBe(404);
    expect((await t.request(`/event/details/${n}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await post(`/event/create/${n}/step2`, other.cookie, step2Body)).status).toBe(404);
    expect(
      (
        await post(`/event/create/${n}/step3/aboutEvent`, other.cookie, {
          aboutEvent: "<p>mine now</p>",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post(`/event/create/${n}/step3/prizes`, other.cookie, {
          prizes: [{ rank: 1, cashAmount: 5 }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          `/event/create/${n}/step3/eventBanner`,
          other.cookie,
          form({ eventBanner: png("banner.png") }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.request(`/event/create/${n}/step3/activateEvent`, { cookie: other.cookie })).status,
    ).toBe(404);
    expect((await post(`/event/create/${n}/step2`, "", step2Body)).status).toBe(401);
    const stored = await row(n);
    expect(stored).toMatchObject({
      version: 1,
      status: "draft",
      participationType: null,
      prizes: null,
      eventBanner: null,
    });
  });

  it("steps 2 and 3 answer 404 for an unknown event", async () => {
    expect((await post(`/event/create/99999/step2`, owner.cookie, step2Body)).status).toBe(404);
    expect(
      (await post(`/event/create/99999/step3/rounds`, owner.cookie, { rounds: [] })).status,
    ).toBe(404);
    expect((await post(`/event/create/99999/step3/nothing`, owner.cookie, {})).status).toBe(404);
    expect(
      (await t.request(`/event/create/99999/step3/activateEvent`, { cookie: owner.cookie })).status,
    ).toBe(404);
  });

  it("saves that arrive at once without a version all land and are all counted; a stale version is refused", async () => {
    const { n } = await createDraft();
    const before = (await (
      await t.request(`/event/details/${n}`, { cookie: owner.cookie })
    ).json()) as EventData;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post(`/event/create/${n}/step2`, owner.cookie, step2Body)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const after = (await (
      await t.request(`/event/details/${n}`, { cookie: owner.cookie })
    ).json()) as EventData;
    expect(after.version).toBe(before.version + 8);
    const stale = await post(`/event/create/${n}/step2`, owner.cookie, {
      ...step2Body,
      version: before.version,
    });
    expect(stale.status).toBe(409);
  });

  it("step 2 takes JSON with numbers as numbers or decimal strings, dates in India time", async () => {
    const { n } = await createDraft();
    const res = await post(`/event/create/${n}/step2`, owner.cookie, step2Body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      participationType: "team",
      minTeam: 2,
      maxTeam: 5,
      startDate: "2026-11-22T04:30:00.000Z",
      endDate: "2026-12-05T12:30:00.000Z",
      contactDetails: [{ name: "Ravi Kumar", number: "9876543210" }],
      version: 2,
    });
    const bad = await post(`/event/create/${n}/step2`, owner.cookie, {
      participationType: "team",
      minTeam: 0,
      maxTeam: 1,
      startDate: "",
      contactDetails: [{ name: "", number: "12345" }],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({
      minTeam: ["Minimum 1 team member"],
      maxTeam: ["Minimum 2 team member"],
      startDate: ["Please select a date"],
      endDate: ["Please select a date"],
      "contactDetails.0.name": ["Name is Required"],
      "contactDetails.0.number": ["Invalid Number"],
    });
    expect((await row(n))?.version).toBe(2);
  });

  it("a save based on a stale version is refused with 409 and changes nothing", async () => {
    const { n } = await createDraft();
    expect(
      (await post(`/event/create/${n}/step2`, owner.cookie, { ...step2Body, version: 1 })).status,
    ).toBe(200);
    const stale = await post(`/event/create/${n}/step3/aboutEvent`, owner.cookie, {
      aboutEvent: "<p>old tab</p>",
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(VERSION_CONFLICT);
    const staleForm = await post(
      `/event/create/${n}/step1`,
      owner.cookie,
      step1Fields({ eventName: "Old Tab", version: "1" }),
    );
    expect(staleForm.status).toBe(409);
    expect(await row(n)).toMatchObject({ version: 2, eventName: "Brain Bowl" });
    expect(
      (
        await post(`/event/create/${n}/step3/aboutEvent`, owner.cookie, {
          aboutEvent: "<p>new tab</p>",
          version: 2,
        })
      ).status,
    ).toBe(200);
  });

  it("every step-3 section saves, and publishing needs every step's required data", async () => {
    const n = nextNumber();
    const noLogo = step1Fields();
    noLogo.delete("eventLogo");
    // A draft without logo cannot be made by step 1; make one with a logo, then check publish lists what is missing.
    await createDraft(n);
    const early = await t.request(`/event/create/${n}/step3/activateEvent`, {
      cookie: owner.cookie,
    });
    expect(early.status).toBe(400);
    const earlyBody = await early.json();
    expect(earlyBody.message).toContain("Participation Type (step 2)");
    expect(earlyBody.message).toContain("Event Banner (step 3)");
    expect(earlyBody.message).not.toContain("Event Name");
    expect((await row(n))?.status).toBe("draft");

    expect((await post(`/event/create/${n}/step2`, owner.cookie, step2Body)).status).toBe(200);
    const bannerMissing = await post(
      `/event/create/${n}/step3/eventBanner`,
      owner.cookie,
      form({ eventNumber: n }),
    );
    expect(bannerMissing.status).toBe(400);
    expect((await bannerMissing.json()).errors).toEqual({
      eventBanner: ["Event Banner is Required"],
    });
    const banner = await post(
      `/event/create/${n}/step3/eventBanner`,
      owner.cookie,
      form({ eventBanner: png("banner.png"), eventNumber: n }),
    );
    expect(banner.status).toBe(200);
    expect((await banner.json()).eventBanner).toMatch(/\.webp$/);

    const basic = await post(
      `/event/create/${n}/step3/basicdetails`,
      owner.cookie,
      step1Fields({
        eventLogo: "",
        eventName: "Brain Bowl 2",
        participationType: "individual",
        startDate: "2026-11-22T10:00",
        endDate: "2026-11-30T10:00",
      }),
    );
    expect(basic.status).toBe(200);
    expect(await basic.json()).toMatchObject({
      eventName: "Brain Bowl 2",
      participationType: "individual",
      minTeam: null,
      maxTeam: null,
    });

    const dates = await post(
      `/event/create/${n}/step3/importantDate`,
      owner.cookie,
      form({
        importantDates: JSON.stringify([
          { dateTitle: "Prelims", date: "2026-12-01T10:00" },
          { dateTitle: "Finals", date: "2026-12-02T10:00" },
        ]),
        contactDetails: JSON.stringify([{ name: "Ravi", number: "9876543210" }]),
        eventBrochureTitle: "Rulebook",
        eventBrochure: pdf(),
      }),
    );
    expect(dates.status).toBe(200);
    const withDates = (await dates.json()) as EventData;
    expect(withDates.importantDates).toEqual([
      { dateTitle: "Prelims", date: "2026-12-01T04:30:00.000Z" },
      { dateTitle: "Finals", date: "2026-12-02T04:30:00.000Z" },
    ]);
    expect(withDates.eventBrochureTitle).toBe("Rulebook");
    const brochure = await t.request(withDates.eventBrochure!.replace("/api/v1", ""));
    expect(brochure.headers.get("content-type")).toBe("application/pdf");
    expect(brochure.headers.get("content-disposition")).toMatch(/^attachment/);

    const rounds = await post(`/event/create/${n}/step3/rounds`, owner.cookie, {
      rounds: prelimsAndFinals("2026-12-02"),
    });
    expect(rounds.status).toBe(200);
    expect(((await rounds.json()) as EventData).rounds[0]).toMatchObject({
      title: "Prelims",
      startDate: "2026-12-01T04:30:00.000Z",
      isEliminatorRound: "true",
    });

    const prizes = await post(`/event/create/${n}/step3/prizes`, owner.cookie, {
      prizes: [
        { rank: "2", cashAmount: "3000" },
        { rank: 1, cashAmount: 5000 },
        { rank: 3, cashAmount: 1000 },
      ],
    });
    expect(prizes.status).toBe(200);
    expect(((await prizes.json()) as EventData).prizes.map((p) => p.rank)).toEqual([1, 2, 3]);
    expect((await row(n))?.firstPrize).toBe(5000);

    const published = await t.request(`/event/create/${n}/step3/activateEvent`, {
      cookie: owner.cookie,
    });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({
      status: "active",
      publishedAt: "2026-11-21T06:30:00.000Z",
    });
    const publicView = await t.request(`/event/details/${n}`);
    expect(publicView.status).toBe(200);
    expect((await publicView.json()).status).toBe("active");

    // A published event stays editable by its creator, through step 3, and by nobody else.
    const edit = await post(`/event/create/${n}/step3/prizes`, owner.cookie, {
      prizes: [{ rank: 1, cashAmount: 7000 }],
    });
    expect(edit.status).toBe(200);
    expect(await row(n)).toMatchObject({ status: "active", firstPrize: 7000 });
    expect(
      (await post(`/event/create/${n}/step3/prizes`, other.cookie, { prizes: [] })).status,
    ).toBe(403);
  });

  it("publishing refuses the About template's placeholders and a closed registration, naming the panel (flows g)", async () => {
    const type = "Webinars & Workshops";
    const template = await (
      await t.request(`/event/content?type=${encodeURIComponent(type)}`)
    ).json();
    const n = nextNumber();
    expect(
      (
        await post(
          `/event/create/${n}/step1`,
          owner.cookie,
          step1Fields({ eventType: type, aboutEvent: template.aboutEvent }),
        )
      ).status,
    ).toBe(200);
    const closed = { ...step2Body, startDate: "2026-11-01T10:00", endDate: "2026-11-20T10:00" };
    expect((await post(`/event/create/${n}/step2`, owner.cookie, closed)).status).toBe(200);
    expect(
      (
        await post(
          `/event/create/${n}/step3/eventBanner`,
          owner.cookie,
          form({ eventBanner: png("banner.png") }),
        )
      ).status,
    ).toBe(200);

    const refused = await t.request(`/event/create/${n}/step3/activateEvent`, {
      cookie: owner.cookie,
    });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.message).not.toContain("Please complete these");
    for (const part of [
      "[Topic 1], [Topic 2], [Topic 3], [software]",
      "About Event panel",
      "registration end date has already passed",
      "Basic Details & Registration panel",
    ])
      expect(body.message).toContain(part);
    expect(body.errors.publish).toHaveLength(2);
    expect((await row(n))?.status).toBe("draft");

    // Fixed: publishes.
    const about = await post(`/event/create/${n}/step3/aboutEvent`, owner.cookie, {
      aboutEvent: template.aboutEvent
        .replace("[Topic 1]", "Git")
        .replace("[Topic 2]", "Testing")
        .replace("[Topic 3]", "CI")
        .replace("[software]", "VS Code"),
    });
    expect(about.status).toBe(200);
    expect(
      (
        await post(`/event/create/${n}/step2`, owner.cookie, {
          ...closed,
          endDate: "2026-11-30T10:00",
        })
      ).status,
    ).toBe(200);
    const published = await t.request(`/event/create/${n}/step3/activateEvent`, {
      cookie: owner.cookie,
    });
    expect(published.status).toBe(200);

    // Pressing Publish again after the registration closed keeps it published.
    await t.db
      .updateTable("events")
      .set({ endDate: "2026-11-20T04:30:00.000Z" })
      .where("eventNumber", "=", n)
      .execute();
    expect(
      (await t.request(`/event/create/${n}/step3/activateEvent`, { cookie: owner.cookie })).status,
    ).toBe(200);
  });

  it("step 3 sections refuse bad input with SPEC's messages", async () => {
    const { n } = await createDraft();
    const rounds = await post(`/event/create/${n}/step3/rounds`, owner.cookie, {
      rounds: [
        {
          title: "",
          description: "ab",
          startDate: "2026-11-20T10:00",
          endDate: "2026-11-19T10:00",
        },
      ],
    });
    expect((await rounds.json()).errors).toMatchObject({
      "rounds.0.title": ["Round Title is required"],
      "rounds.0.description": ["Minimum 3 characters required"],
      "rounds.0.startDate": ["Start Date cannot be in the past"],
      "rounds.0.endDate": ["End Date cannot be before Start Date"],
      "rounds.0.isEliminatorRound": ["Eliminator Round is Required"],
    });
    const prizes = await post(`/event/create/${n}/step3/prizes`, owner.cookie, {
      prizes: [{ rank: "" }],
    });
    expect((await prizes.json()).errors).toMatchObject({
      "prizes.0.rank": ["Rank is Required"],
      "prizes.0.cashAmount": ["Prize is Required"],
    });
    const dates = await post(
      `/event/create/${n}/step3/importantDate`,
      owner.cookie,
      form({ importantDates: JSON.stringify([{ dateTitle: "", date: "2026-11-01T10:00" }]) }),
    );
    expect((await dates.json()).errors).toMatchObject({
      "importantDates.0.dateTitle": ["Name is Required"],
      "importantDates.0.date": ["Please select a valid date"],
    });
    expect((await row(n))?.version).toBe(1);
  });

  it("refuses oversized and spoofed files and stores nothing", async () => {
    const { n } = await createDraft();
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "big.png", { type: "image/png" });
    const tooBig = await post(
      `/event/create/${n}/step3/eventBanner`,
      owner.cookie,
      form({ eventBanner: big }),
    );
    expect([400, 413]).toContain(tooBig.status);
    expect((await tooBig.json()).message).toBe(FILE_TOO_LARGE);

    const html = new File(["<html><script>alert(1)</script></html>"], "banner.png", {
      type: "image/png",
    });
    const spoofed = await post(
      `/event/create/${n}/step3/eventBanner`,
      owner.cookie,
      form({ eventBanner: html }),
    );
    expect(spoofed.status).toBe(415);
    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      "logo.png",
      { type: "image/png" },
    );
    expect(
      (await post(`/event/create/${n}/step3/eventBanner`, owner.cookie, form({ eventBanner: svg })))
        .status,
    ).toBe(415);
    const fakePdf = new File(["<html><body>hi</body></html>"], "rules.pdf", {
      type: "application/pdf",
    });
    expect(
      (
        await post(
          `/event/create/${n}/step3/importantDate`,
          owner.cookie,
          form({ eventBrochure: fakePdf }),
        )
      ).status,
    ).toBe(415);
    const pngAsBrochure = new File([fixture("logo.png")], "rules.pdf", { type: "application/pdf" });
    expect(
      (
        await post(
          `/event/create/${n}/step3/importantDate`,
          owner.cookie,
          form({ eventBrochure: pngAsBrochure }),
        )
      ).status,
    ).toBe(415);
    expect(await row(n)).toMatchObject({ version: 1, eventBanner: null, eventBrochure: null });
  });

  it("stores an About made of known XSS vectors harmless", async () => {
    const { n } = await createDraft();
    const vectors = [
      '<a href="https://ok.example" onmouseover="alert(1)">ok</a>',
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">y</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">z</a>',
      '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
      '<iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name="q"><button>go</button></form>',
      "<svg><script>alert(1)</script></svg>",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<details open ontoggle="alert(1)">',
      "<style>body{display:none}</style>",
      '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
      "<body onload=alert(1)>",
      "<<script>script>alert(1)<</script>/script>",
    ].join("");
    const res = await post(`/event/create/${n}/step3/aboutEvent`, owner.cookie, {
      aboutEvent: `<h2>About</h2>${vectors}`,
    });
    expect(res.status).toBe(200);
    const stored = (await row(n))!.aboutEvent!;
    expect(stored).toContain("<h2>About</h2>");
    expect(stored).not.toMatch(
      /<script|<img|<iframe|<form|<style|<svg|<math|<object|<embed|<details|<input|<button/i,
    );
    expect(stored).not.toMatch(/\son\w+\s*=/i);
    expect(stored).not.toMatch(/javascript:|data:text/i);
    expect(stored).not.toMatch(/style=/i);
    expect(stored).toContain(
      '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
  });

  it("a plain-text About (the form without JavaScript) becomes escaped paragraphs", async () => {
    const { n } = await createDraft();
    await post(`/event/create/${n}/step3/aboutEvent`, owner.cookie, {
      aboutEvent: "Line one\nline two\n\nSecond & last",
    });
    expect((await row(n))?.aboutEvent).toBe(
      "<p>Line one<br />line two</p><p>Second &amp; last</p>",
    );
  });

  it("a GET publish from another site is refused", async () => {
    const { n } = await createDraft();
    const res = await t.request(`/event/create/${n}/step3/activateEvent`, {
      cookie: owner.cookie,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
  });

  it("accepts the longer numbers handed out once the 5-digit ones run out", async () => {
    const owner = await createUserWithSession(t.deps);
    const res = await t.request("/event/create/100001/step1", {
      method: "POST",
      body: step1Fields(),
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const details = await t.request("/event/details/100001", { cookie: owner.cookie });
    expect(details.status).toBe(200);
    expect(
      (
        await t.request("/event/create/1234/step1", {
          method: "POST",
          body: step1Fields(),
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(400);
  });
});
