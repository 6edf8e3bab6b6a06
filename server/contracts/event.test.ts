import { describe, expect, it } from "vitest";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "./constants";
import { step1Schema, step2Schema } from "./event";
import { MIN_3 } from "./event-fields";
import {
  aboutSchema,
  bannerSchema,
  basicDetailsSchema,
  importantDatesSchema,
  prizesSchema,
  roundsSchema,
} from "./event-step3";

/** Every message the schema gives for `data`, by dotted field path. */
function messages(
  schema: {
    safeParse(d: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  data: unknown,
) {
  const result = schema.safeParse(data);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join(".");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const now = new Date("2026-11-21T06:30:00.000Z"); // 12:00 in India
const png = () => new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" });
const step1Valid = {
  eventLogo: png(),
  eventType: "Quizzes",
  eventName: "Brain Bowl",
  organisationName: "IIT Delhi",
  modeOfEvent: "Online",
};
const step2Valid = {
  participationType: "individual",
  startDate: "2026-11-22T10:00",
  endDate: "2026-11-30T10:00",
};

describe("step 1", () => {
  it("accepts a complete online event", () => {
    expect(step1Schema().safeParse(step1Valid).success).toBe(true);
  });
  it("gives SPEC's messages for missing required fields", () => {
    expect(messages(step1Schema(), {})).toEqual({
      eventLogo: ["Event Logo is required"],
      eventType: ["Event Type is required"],
      eventName: ["Event Name is required"],
      organisationName: ["Organisation Name is required"],
      modeOfEvent: ["Mode of Event is required"],
    });
  });
  it("asks for at least 3 characters and a URL-like website", () => {
    const m = messages(step1Schema(), {
      ...step1Valid,
      eventName: "ab",
      organisationName: "IT",
      festivalName: "Xy",
      eventWebsite: "not a website",
    });
    expect(m).toEqual({
      eventName: [MIN_3],
      organisationName: [MIN_3],
      festivalName: [MIN_3],
      eventWebsite: ["Invalid Website Address"],
    });
    for (const ok of [
      "example.com",
      "https://fest.iitd.ac.in/quiz",
      "http://a-b.example.org:8080/x?y=1",
    ]) {
      expect(step1Schema().safeParse({ ...step1Valid, eventWebsite: ok }).success, ok).toBe(true);
    }
  });
  it("needs country, state and city for an offline event, location optional with 3 characters", () => {
    expect(messages(step1Schema(), { ...step1Valid, modeOfEvent: "Offline" })).toEqual({
      countryName: ["Required"],
      stateName: ["Required"],
      cityName: ["Required"],
    });
    expect(
      messages(step1Schema(), {
        ...step1Valid,
        modeOfEvent: "Offline",
        countryName: "In",
        stateName: "UP",
        cityName: "Ag",
        locationName: "LH",
      }),
    ).toEqual({
      countryName: [MIN_3],
      stateName: [MIN_3],
      cityName: [MIN_3],
      locationName: [MIN_3],
    });
    expect(
      step1Schema().safeParse({
        ...step1Valid,
        modeOfEvent: "Offline",
        countryName: "India",
        stateName: "Delhi",
        cityName: "Delhi",
      }).success,
    ).toBe(true);
  });
  it("needs no logo when the event has one; refuses a logo over 10 MB", () => {
    const { eventLogo: _logo, ...rest } = step1Valid;
    expect(step1Schema({ hasLogo: true }).safeParse(rest).success).toBe(true);
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "big.png", { type: "image/png" });
    expect(messages(step1Schema(), { ...step1Valid, eventLogo: big }).eventLogo).toEqual([
      FILE_TOO_LARGE,
    ]);
  });
  it("offers all seven event types", () => {
    for (const t of [
      "Hackathon & Coding Challenges",
      "Webinars & Workshops",
      "Fest",
      "Quizzes",
      "Cultural Event",
      "Scholarships",
      "Competitions & Challenges",
    ]) {
      expect(step1Schema().safeParse({ ...step1Valid, eventType: t }).success, t).toBe(true);
    }
    expect(messages(step1Schema(), { ...step1Valid, eventType: "Party" }).eventType).toEqual([
      "Event Type is required",
    ]);
  });
});

describe("step 2", () => {
  it("gives SPEC's messages", () => {
    expect(messages(step2Schema(), {})).toEqual({
      participationType: ["Required"],
      startDate: ["Please select a date"],
      endDate: ["Please select a date"],
    });
    expect(messages(step2Schema(), { ...step2Valid, participationType: "team" })).toEqual({
      minTeam: ["Minimum 1 team member"],
      maxTeam: ["Minimum 2 team member"],
    });
    expect(
      messages(step2Schema(), { ...step2Valid, participationType: "team", minTeam: 0, maxTeam: 1 }),
    ).toEqual({
      minTeam: ["Minimum 1 team member"],
      maxTeam: ["Minimum 2 team member"],
    });
    expect(messages(step2Schema(), { ...step2Valid, startDate: "tomorrow" })).toEqual({
      startDate: ["Please select a date"],
    });
  });
  it("ignores team sizes unless the event is for teams (flows f)", () => {
    const basic = { ...step1Valid, eventLogo: undefined };
    for (const [schema, base] of [
      [step2Schema(), {}],
      [basicDetailsSchema(), basic],
    ] as const) {
      const result = schema.safeParse({ ...base, ...step2Valid, minTeam: 0, maxTeam: "x" });
      expect(result.error?.issues ?? []).toEqual([]);
      expect(result.data).not.toHaveProperty("minTeam");
      expect(result.data).not.toHaveProperty("maxTeam");
    }
  });
  it("checks each contact: name, and a number of exactly 10 digits", () => {
    expect(
      messages(step2Schema(), {
        ...step2Valid,
        contactDetails: [
          {},
          { name: "Ravi", number: "98765" },
          { name: "Meera", number: "98765432100" },
          { name: "Asha", number: "98765abcde" },
        ],
      }),
    ).toEqual({
      "contactDetails.0.name": ["Name is Required"],
      "contactDetails.0.number": ["Number is Required"],
      "contactDetails.1.number": ["Invalid Number"],
      "contactDetails.2.number": ["Invalid Number"],
      "contactDetails.3.number": ["Invalid Number"],
    });
    expect(
      step2Schema().safeParse({
        ...step2Valid,
        participationType: "team",
        minTeam: 1,
        maxTeam: 4,
        contactDetails: [{ name: "Ravi", number: "9876543210" }],
      }).success,
    ).toBe(true);
  });
  it("refuses a window that ends before it starts, and a max below the min", () => {
    expect(messages(step2Schema(), { ...step2Valid, endDate: "2026-11-21T10:00" }).endDate).toEqual(
      ["End Date cannot be before Start Date"],
    );
    expect(
      messages(step2Schema(), { ...step2Valid, participationType: "team", minTeam: 5, maxTeam: 3 })
        .maxTeam,
    ).toEqual(["Maximum team size cannot be less than minimum"]);
  });
});

describe("step 3", () => {
  it("banner: required unless there is one", () => {
    expect(messages(bannerSchema(), {})).toEqual({ eventBanner: ["Event Banner is Required"] });
    expect(bannerSchema({ hasBanner: true }).safeParse({}).success).toBe(true);
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "b.png", { type: "image/png" });
    expect(messages(bannerSchema(), { eventBanner: big }).eventBanner).toEqual([FILE_TOO_LARGE]);
  });
  it("basic details: step 1's rules without the logo, plus the registration", () => {
    const { eventLogo: _logo, ...rest } = step1Valid;
    expect(basicDetailsSchema().safeParse({ ...rest, ...step2Valid }).success).toBe(true);
    expect(messages(basicDetailsSchema(), {})).toEqual({
      eventType: ["Event Type is required"],
      eventName: ["Event Name is required"],
      organisationName: ["Organisation Name is required"],
      modeOfEvent: ["Mode of Event is required"],
      participationType: ["Required"],
      startDate: ["Please select a date"],
      endDate: ["Please select a date"],
    });
  });
  it("about: any text, kept as given for the server to sanitise", () => {
    expect(aboutSchema().parse({ aboutEvent: "<h2>Hi</h2>" }).aboutEvent).toBe("<h2>Hi</h2>");
    expect(aboutSchema().parse({}).aboutEvent).toBe("");
  });
  it("important dates: title, a date, not in the past; contacts as step 2; brochure 10 MB", () => {
    expect(
      messages(importantDatesSchema(now), {
        importantDates: [{}, { dateTitle: "Old", date: "2026-11-20T10:00" }],
      }),
    ).toEqual({
      "importantDates.0.dateTitle": ["Name is Required"],
      "importantDates.0.date": ["Please select a date"],
      "importantDates.1.date": ["Please select a valid date"],
    });
    expect(
      importantDatesSchema(now).safeParse({
        importantDates: [{ dateTitle: "Today", date: "2026-11-21T12:00" }],
      }).success,
    ).toBe(true);
    expect(
      messages(importantDatesSchema(now), { contactDetails: [{ name: "", number: "1" }] }),
    ).toEqual({
      "contactDetails.0.name": ["Name is Required"],
      "contactDetails.0.number": ["Invalid Number"],
    });
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "b.pdf", {
      type: "application/pdf",
    });
    expect(messages(importantDatesSchema(now), { eventBrochure: big }).eventBrochure).toEqual([
      FILE_TOO_LARGE,
    ]);
  });
  it("rounds: SPEC's messages", () => {
    expect(messages(roundsSchema(now), { rounds: [{}] })).toEqual({
      "rounds.0.title": ["Round Title is required"],
      "rounds.0.description": ["This field is required"],
      "rounds.0.startDate": ["Start Date is Required"],
      "rounds.0.endDate": ["End Date is Required"],
      "rounds.0.isEliminatorRound": ["Eliminator Round is Required"],
    });
    expect(
      messages(roundsSchema(now), {
        rounds: [
          {
            title: "ab",
            description: "xy",
            startDate: "2026-11-20T10:00",
            endDate: "2026-11-19T10:00",
            isEliminatorRound: "maybe",
          },
        ],
      }),
    ).toEqual({
      "rounds.0.title": [MIN_3],
      "rounds.0.description": [MIN_3],
      "rounds.0.startDate": ["Start Date cannot be in the past"],
      "rounds.0.endDate": ["End Date cannot be before Start Date"],
      "rounds.0.isEliminatorRound": ["Eliminator Round is Required"],
    });
    expect(
      roundsSchema(now).safeParse({
        rounds: [
          {
            title: "Prelims",
            description: "Written",
            startDate: "2026-11-25T10:00",
            endDate: "2026-11-25T12:00",
            isEliminatorRound: "false",
          },
        ],
      }).success,
    ).toBe(true);
  });
  // Issue 31, SPEC-3 §2: a date saved before passes unchanged, as stored or as the form shows it.
  it("past-date rules: only for dates that are new or changed", () => {
    const saved = ["2026-11-20T04:30:00.000Z"]; // 10:00 in India, the day before `now`
    const round = (startDate: string) => ({
      rounds: [
        {
          title: "Prelims",
          description: "Written",
          startDate,
          endDate: "2026-11-30T12:00",
          isEliminatorRound: "true",
        },
      ],
    });
    expect(messages(roundsSchema(now, saved), round("2026-11-20T10:00"))).toEqual({});
    expect(messages(roundsSchema(now, saved), round(saved[0]))).toEqual({});
    expect(messages(roundsSchema(now, saved), round("2026-11-20T10:01"))).toEqual({
      "rounds.0.startDate": ["Start Date cannot be in the past"],
    });
    const dates = (date: string) => ({ importantDates: [{ dateTitle: "Prelims", date }] });
    expect(messages(importantDatesSchema(now, saved), dates("2026-11-20T10:00"))).toEqual({});
    expect(messages(importantDatesSchema(now, saved), dates("2026-11-19T10:00"))).toEqual({
      "importantDates.0.date": ["Please select a valid date"],
    });
  });
  it("prizes: rank 1-7 and an amount", () => {
    expect(messages(prizesSchema(), { prizes: [{}] })).toEqual({
      "prizes.0.rank": ["Rank is Required"],
      "prizes.0.cashAmount": ["Prize is Required"],
    });
    expect(
      messages(prizesSchema(), {
        prizes: [
          { rank: 1, cashAmount: -5 },
          { rank: 2, cashAmount: 10.5 },
        ],
      }),
    ).toEqual({
      "prizes.0.cashAmount": ["Prize cannot be negative"],
      "prizes.1.cashAmount": ["Prize must be in whole rupees"],
    });
    expect(
      messages(prizesSchema(), {
        prizes: [
          { rank: 0, cashAmount: 10 },
          { rank: 8, cashAmount: 10 },
        ],
      }),
    ).toEqual({
      "prizes.0.rank": ["Rank is Required"],
      "prizes.1.rank": ["Rank is Required"],
    });
    expect(
      messages(prizesSchema(), {
        prizes: [
          { rank: 1, cashAmount: 10 },
          { rank: 1, cashAmount: 5 },
        ],
      }).prizes,
    ).toEqual(["Each rank can be given once"]);
    expect(
      prizesSchema().safeParse({
        prizes: [
          { rank: 1, cashAmount: 5000 },
          { rank: 7, cashAmount: 0 },
        ],
      }).success,
    ).toBe(true);
  });
});
