import { describe, expect, it } from "vitest";
import { FEE_MESSAGES as F } from "#server/contracts/payments";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import { eventRow } from "#tests/helpers/payments";
import { as, people, publishedEvent } from "#tests/helpers/registration";

/** SPEC-4 §1: the fee fields of step 2 and step 3, `currentFee`, and a change of payee told. */
const step2 = {
  participationType: "individual",
  startDate: "2026-11-20T10:00",
  endDate: "2026-12-05T18:00",
  contactDetails: [{ name: "Ravi Kumar", number: "9876543210" }],
  registrationMode: "utsav",
};
const fees = {
  fee: "299",
  feePer: "registration",
  upiId: "fest.club@okaxis",
  payeeName: "Cultural Club IITD",
  holdMinutes: "30",
};
const basic = {
  ...step2,
  eventType: "Quizzes",
  eventName: "Brain Bowl",
  organisationName: "IIT Delhi",
  modeOfEvent: "Online",
};

describe.each(engines)("fee fields on %s (SPEC-4 §1)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  const save = (n: string, path: string, json: unknown) =>
    as(t, org.cookie).post(`/event/create/${n}/${path}`, json);
  const errorsOf = async (res: Response) => {
    expect(res.status).toBe(400);
    return (await res.json()).errors as Record<string, string[]>;
  };

  it("step 2 saves the fee fields; every event object carries them and currentFee", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft" });
    const res = await save(n, "step2", {
      ...step2,
      ...fees,
      refundPolicy: "No refunds after 1 December.",
      gstin: "07aaacb1234c1zx",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      fee: 299,
      feePer: "registration",
      upiId: "fest.club@okaxis",
      payeeName: "Cultural Club IITD",
      holdMinutes: 30,
      refundPolicy: "No refunds after 1 December.",
      gstin: "07AAACB1234C1ZX",
      earlyFee: null,
      currentFee: 299,
    });
    const details = await (await t.request(`/event/details/${n}`, { cookie: org.cookie })).json();
    expect(details).toMatchObject({ fee: 299, currentFee: 299 });
    // A free event: fee 0 and currentFee null.
    const free = await (await save(n, "step2", { ...step2, feePer: "registration" })).json();
    expect(free).toMatchObject({ fee: 0, currentFee: null, upiId: null, payeeName: null });
  });

  it("every field's message, all at once, and nothing saved", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft" });
    const before = await eventRow(t, n);
    for (const fee of ["-1", "100001", "12.5", "lots"])
      expect((await errorsOf(await save(n, "step2", { ...step2, ...fees, fee }))).fee).toEqual([
        F.feeRange,
      ]);
    const errors = await errorsOf(
      await save(n, "step2", {
        ...step2,
        fee: "500",
        feePer: "person",
        earlyFee: "500",
        earlyUntil: "2026-12-06T10:00",
        holdMinutes: "0",
        gstin: "12345",
        refundPolicy: "x".repeat(501),
      }),
    );
    expect(errors).toMatchObject({
      upiId: [F.upiRequired],
      payeeName: [F.payeeRequired],
      earlyFee: [F.earlyLower],
      earlyUntil: [F.earlyEnds],
      holdMinutes: [F.holdRange],
      gstin: [F.gstinInvalid],
      refundPolicy: ["Maximum 500 characters"],
    });
    for (const upiId of ["fest club@okaxis", "a@b", "fest@1bank", "festival.club"])
      expect((await errorsOf(await save(n, "step2", { ...step2, ...fees, upiId }))).upiId).toEqual([
        F.upiInvalid,
      ]);
    for (const payeeName of ["AB", "x".repeat(61)])
      expect(
        (await errorsOf(await save(n, "step2", { ...step2, ...fees, payeeName }))).payeeName,
      ).toEqual([F.payeeLength]);
    expect(
      (await errorsOf(await save(n, "step2", { ...step2, ...fees, holdMinutes: "1441" })))
        .holdMinutes,
    ).toEqual([F.holdRange]);
    const website = await save(n, "step2", {
      ...step2,
      ...fees,
      registrationMode: "website",
      eventWebsite: "fest.example.in",
    });
    expect((await errorsOf(website)).fee).toEqual([F.feeWebsite]);
    expect(await eventRow(t, n)).toEqual(before);
  });

  it("the step-3 panel takes the same fields with the same messages", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft" });
    const bad = await save(n, "step3/basicdetails", { ...basic, ...fees, upiId: "" });
    expect((await errorsOf(bad)).upiId).toEqual([F.upiRequired]);
    const ok = await save(n, "step3/basicdetails", { ...basic, ...fees, fee: "150" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ fee: 150, currentFee: 150 });
  });

  it("a payload without the fee block (SPEC §7's step 2) keeps the event's fees", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft" });
    await save(n, "step2", { ...step2, ...fees });
    const { feePer: _, ...withoutBlock } = { ...step2, feePer: undefined };
    const kept = await (await save(n, "step2", withoutBlock)).json();
    expect(kept).toMatchObject({ fee: 299, upiId: "fest.club@okaxis" });
  });

  it("currentFee is the early-bird fee until earlyUntil, then the fee", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft" });
    // The test clock is 2026-11-21 12:00 India time; the early bird ends a day later.
    const res = await save(n, "step2", {
      ...step2,
      ...fees,
      earlyFee: "199",
      earlyUntil: "2026-11-22T12:00",
    });
    expect(await res.json()).toMatchObject({ earlyFee: 199, currentFee: 199 });
    t.clock.advance(86_400_000 + 60_000);
    try {
      const later = await (await t.request(`/event/details/${n}`, { cookie: org.cookie })).json();
      expect(later).toMatchObject({ earlyFee: 199, currentFee: 299 });
    } finally {
      t.clock.advance(-(86_400_000 + 60_000));
    }
  });

  it("a change of UPI ID or payee is logged (event.payee-changed) and mailed to the owner and admins", async () => {
    const n = await publishedEvent(t, org.user.id, { status: "draft", eventName: "Rang Fest" });
    const [admin] = await people(t, 1, "Admin");
    const event = await eventRow(t, n);
    await t.db
      .insertInto("eventOrganisers")
      .values({
        eventId: event.id,
        userId: admin.user.id,
        role: "admin",
        joinedAt: "2026-11-20T00:00:00.000Z",
      })
      .execute();
    await save(n, "step2", { ...step2, ...fees });
    const mailsBefore = (await outbox(t.db)).length;
    const changed = await save(n, "step2", { ...step2, ...fees, upiId: "other.person@ybl" });
    expect(changed.status).toBe(200);
    const mails = (await outbox(t.db)).slice(mailsBefore);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [admin.user.email, "Payment details changed: Rang Fest"],
        [
          (
            await t.db
              .selectFrom("users")
              .select("email")
              .where("id", "=", org.user.id)
              .executeTakeFirstOrThrow()
          ).email,
          "Payment details changed: Rang Fest",
        ],
      ].sort(),
    );
    const log = await t.db
      .selectFrom("eventActivity")
      .selectAll()
      .where("eventId", "=", event.id)
      .where("action", "=", "event.payee-changed")
      .execute();
    expect(log.at(-1)?.summary).toContain("other.person@ybl");
    // Saved again unchanged: no new mail, no new line.
    const count = (await outbox(t.db)).length;
    await save(n, "step2", { ...step2, ...fees, upiId: "other.person@ybl", holdMinutes: "45" });
    expect((await outbox(t.db)).length).toBe(count);
  });
});
