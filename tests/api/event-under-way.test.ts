import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EventData } from "#server/contracts/event-shape";
import type { EventRow } from "#server/db/schema";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { insertEvent, prelimsAndFinals } from "#tests/helpers/events";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * Issue 31: an event stays editable once it is under way. SPEC.md's past-date rules hold for
 * dates that are new or changed; a date saved before passes unchanged (SPEC-3 §2). Everything is
 * saved on 21 November, then the clock moves to 1 December, after round 1 and the first date.
 */
const SAVED_AT = "2026-11-21T06:30:00.000Z";
const UNDER_WAY = "2026-12-01T12:00:00.000Z"; // 17:30 in India, 1 December

const ROUNDS = prelimsAndFinals("2026-12-03");
const DATES = [
  { dateTitle: "Prelims", date: "2026-12-01T10:00" },
  { dateTitle: "Finals", date: "2026-12-03T10:00" },
];
const CONTACTS = [{ name: "Ravi Kumar", number: "9876543210" }];

function datesForm(fields: { importantDates: unknown; contactDetails?: unknown }): FormData {
  const f = new FormData();
  f.append("importantDates", JSON.stringify(fields.importantDates));
  f.append("contactDetails", JSON.stringify(fields.contactDetails ?? CONTACTS));
  f.append("eventBrochureTitle", "Rulebook");
  return f;
}

describe.each(engines)("an event under way on %s", (engine) => {
  let t: TestApi;
  let owner: { cookie: string; user: { id: string } };
  let event: EventRow;
  let saved: EventData;

  async function post(p: string, body: FormData | object) {
    const res =
      body instanceof FormData
        ? await t.request(p, { method: "POST", body, cookie: owner.cookie })
        : await t.request(p, { method: "POST", json: body, cookie: owner.cookie });
    return { status: res.status, body: await res.json() };
  }
  const step3 = (endpoint: string, body: FormData | object) =>
    post(`/event/create/${event.eventNumber}/step3/${endpoint}`, body);

  beforeAll(async () => {
    t = await createTestApi(engine, { now: SAVED_AT, config: { rateLimit: false } });
    owner = await createUserWithSession(t.deps);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    t.clock.set(SAVED_AT);
    event = await insertEvent(t.deps, owner.user.id, {
      startDate: "2026-11-22T04:30:00.000Z",
      endDate: "2026-11-30T12:30:00.000Z",
    });
    expect((await step3("rounds", { rounds: ROUNDS })).status).toBe(200);
    const dates = await step3("importantDate", datesForm({ importantDates: DATES }));
    expect(dates.status).toBe(200);
    saved = dates.body;
    t.clock.set(UNDER_WAY);
  });

  it("saves the Rounds panel again, as the form sends it and as the API answered it", async () => {
    const edited = ROUNDS.map((r, i) => (i === 1 ? { ...r, title: "Grand Finals" } : r));
    const asTyped = await step3("rounds", { rounds: edited });
    expect(asTyped.status, JSON.stringify(asTyped.body)).toBe(200);
    expect(asTyped.body.rounds.map((r: { title: string }) => r.title)).toEqual([
      "Prelims",
      "Grand Finals",
    ]);
    const asStored = await step3("rounds", { rounds: asTyped.body.rounds });
    expect(asStored.status, JSON.stringify(asStored.body)).toBe(200);
    expect(asStored.body.rounds[0].startDate).toBe("2026-12-01T04:30:00.000Z");
  });

  it("still refuses a start date moved into the past, or a new round starting in the past", async () => {
    const moved = await step3("rounds", {
      rounds: [{ ...ROUNDS[0], startDate: "2026-12-01T09:00" }, ROUNDS[1]],
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({
      "rounds.0.startDate": ["Start Date cannot be in the past"],
    });
    const added = await step3("rounds", {
      rounds: [...ROUNDS, { ...ROUNDS[1], title: "Bonus", startDate: "2026-11-30T10:00" }],
    });
    expect(added.status).toBe(400);
    expect(added.body.errors).toEqual({
      "rounds.2.startDate": ["Start Date cannot be in the past"],
    });
    // A round may be removed, or a new one added after now.
    const later = await step3("rounds", {
      rounds: [ROUNDS[0], { ...ROUNDS[1], title: "Bonus", startDate: "2026-12-01T17:30" }],
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it("saves a contact or the brochure title beside an important date that has passed", async () => {
    const contacts = [...CONTACTS, { name: "Asha Rao", number: "9123456780" }];
    const res = await step3(
      "importantDate",
      datesForm({ importantDates: saved.importantDates, contactDetails: contacts }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.contactDetails).toEqual(contacts);
    expect(res.body.importantDates).toEqual(saved.importantDates);
    const asTyped = await step3("importantDate", datesForm({ importantDates: DATES }));
    expect(asTyped.status, JSON.stringify(asTyped.body)).toBe(200);
  });

  it("still refuses an important date changed or added in the past", async () => {
    const changed = await step3(
      "importantDate",
      datesForm({ importantDates: [{ ...DATES[0], date: "2026-11-30T10:00" }, DATES[1]] }),
    );
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({
      "importantDates.0.date": ["Please select a valid date"],
    });
    const added = await step3(
      "importantDate",
      datesForm({ importantDates: [...DATES, { dateTitle: "Late", date: "2026-12-01T11:00" }] }),
    );
    expect(added.status).toBe(400);
    expect(added.body.errors).toEqual({
      "importantDates.2.date": ["Please select a valid date"],
    });
  });

  it("saves the Basic panel and step 2 with a registration window that has passed", async () => {
    const basic = new FormData();
    for (const [k, v] of Object.entries({
      eventType: "Quizzes",
      eventName: "Quiz night, renamed",
      organisationName: "IIT Delhi",
      modeOfEvent: "Online",
      participationType: "individual",
      registrationMode: "utsav",
      startDate: "2026-11-22T10:00",
      endDate: "2026-11-30T18:00",
    }))
      basic.append(k, v);
    const res = await step3("basicdetails", basic);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.eventName).toBe("Quiz night, renamed");
    const step2 = await post(`/event/create/${event.eventNumber}/step2`, {
      participationType: "individual",
      startDate: "2026-11-22T10:00",
      endDate: "2026-11-30T18:00",
      registrationMode: "utsav",
      contactDetails: CONTACTS,
    });
    expect(step2.status, JSON.stringify(step2.body)).toBe(200);
  });
});
