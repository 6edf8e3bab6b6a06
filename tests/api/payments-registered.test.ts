import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROUND_MESSAGES } from "#server/contracts/rounds";
import { markPlacePaid } from "#server/services/payments/payment-write";
import { registrantsInRunning } from "#server/services/saves/reminder-recipients";
import { createTestApi, engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { assignmentsOf, type JudgingEvent, judgingEvent, setupBody } from "#tests/helpers/judging";
import { PAID, eventRow, paidEvent } from "#tests/helpers/payments";
import { MINUTE, type Person, type QuizWorld, quizEvent } from "#tests/helpers/quiz";
import { storedRound } from "#tests/helpers/rounds";
import { as, DETAILS, people } from "#tests/helpers/registration";

/**
 * SPEC-4 §2: a held place counts against capacity, but only free or paid places count as
 * registered for everything else. One paid registrant (a ₹0 coupon pays at once) and one held.
 */
describe.each(engines)("a held place is not registered, on %s (SPEC-4 §2)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  async function setUp() {
    const now = t.clock.now();
    const n = await paidEvent(t, org.user.id, {
      modeOfEvent: "Offline",
      prizes: JSON.stringify([{ rank: 1, cashAmount: 1000 }]),
      rounds: JSON.stringify([
        storedRound(now, "sub", { kind: "submission" }),
        storedRound(now, "offline"),
      ]),
    });
    await as(t, org.cookie).post(`/event/${n}/coupons`, {
      code: "ALLFREE",
      kind: "percent",
      value: 100,
    });
    const [paid, held] = await people(t, 2, "H");
    const paidReg = await (
      await as(t, paid.cookie).post(`/event/${n}/register`, { ...DETAILS, coupon: "allfree" })
    ).json();
    const heldReg = await (await as(t, held.cookie).post(`/event/${n}/register`, DETAILS)).json();
    expect(paidReg.payment.status).toBe("paid");
    expect(heldReg.payment.status).toBe("pending");
    return { n, paid, held, paidReg, heldReg };
  }

  it("counts against capacity and in registrationCount", async () => {
    const { n } = await setUp();
    expect((await eventRow(t, n)).registrationCount).toBe(2);
  });

  it("tickets and check-in: a ticket for the paid place only; the check-in list counts the paid", async () => {
    const { n, paid, held } = await setUp();
    expect((await as(t, paid.cookie).get(`/event/${n}/ticket`)).status).toBe(200);
    expect((await as(t, held.cookie).get(`/event/${n}/ticket`)).status).not.toBe(200);
    const list = await (await as(t, org.cookie).get(`/event/${n}/check-in`)).json();
    expect(list.total).toBe(1);
    expect(JSON.stringify(list)).not.toContain(held.user.id);
  });

  it("submissions: the held registrant may not take part", async () => {
    const { n, paid, held } = await setUp();
    const paidState = await (
      await as(t, paid.cookie).get(`/event/${n}/rounds/0/submission`)
    ).json();
    expect(paidState).toMatchObject({ open: true, reason: null });
    const heldState = await (
      await as(t, held.cookie).get(`/event/${n}/rounds/0/submission`)
    ).json();
    expect(heldState).toMatchObject({ open: false, reason: "not-registered" });
  });

  it("results and winners: only the paid registration is an entrant", async () => {
    const { n, paidReg, heldReg } = await setUp();
    const board = await (await as(t, org.cookie).get(`/event/${n}/results/board`)).json();
    const ids = JSON.stringify(board);
    expect(ids).toContain(paidReg._id);
    expect(ids).not.toContain(heldReg._id);
    const heldWins = await as(t, org.cookie).post(`/event/${n}/winners`, {
      winners: [{ rank: 1, registrationId: heldReg._id }],
    });
    expect(heldWins.status).toBe(400);
    const paidWins = await as(t, org.cookie).post(`/event/${n}/winners`, {
      winners: [{ rank: 1, registrationId: paidReg._id }],
    });
    expect(paidWins.status).toBe(200);
  });

  it("certificates: only the paid registrant is due one", async () => {
    const { n } = await setUp();
    const pending = await (
      await as(t, org.cookie).get(`/event/${n}/certificates/pending?kind=participation`)
    ).json();
    expect(pending).toEqual({ recipients: 1 });
  });

  it("reminders to registrants: the paid registrant only", async () => {
    const { n, paid } = await setUp();
    const event = await eventRow(t, n);
    const to = await t.db
      .transaction()
      .execute((trx) => registrantsInRunning(trx, event.id, 1, []));
    expect(to.map((r) => r.email)).toEqual([paid.user.email]);
  });

  it("the registrations CSV: 'Paid' yes for the paid place, no for the held one", async () => {
    const { n, paid, held } = await setUp();
    const csv = await (await as(t, org.cookie).get(`/event/${n}/registrations?format=csv`)).text();
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    const byEmail = (e: string) => rows.find((r) => r["E-mail"] === e)!;
    expect(byEmail(paid.user.email).Paid).toBe("yes");
    expect(byEmail(held.user.email).Paid).toBe("no");
  });
});

/**
 * SPEC-4 §2, quizzes: a held place cannot start a quiz attempt; a paid one can. Individually, and
 * in a team with fees per person, where each member's place is held or paid on its own.
 */
describe.each(engines)("a held place takes no quiz, on %s (SPEC-4 §2)", (engine) => {
  let t: TestApi;
  beforeEach(async () => {
    t = await createTestApi(engine, { now: "2026-11-21T06:30:00.000Z" });
  });
  afterEach(() => t.close());

  /** A paid quiz event with a coupon that pays the whole fee (a ₹0 payment is paid at once). */
  async function paidQuiz(options: Parameters<typeof quizEvent>[1] = {}) {
    const w = await quizEvent(t, { ...options, event: { ...PAID, ...options.event } });
    const coupon = await as(t, w.org.cookie).post(`/event/${w.eventNumber}/coupons`, {
      code: "ALLFREE",
      kind: "percent",
      value: 100,
    });
    expect(coupon.status).toBe(201);
    return w;
  }
  const registerAs = async (w: QuizWorld, p: Person, body: Record<string, unknown>) => {
    const res = await as(t, p.cookie).post(`/event/${w.eventNumber}/register`, {
      ...DETAILS,
      ...body,
    });
    expect(res.status).toBe(201);
    return res.json();
  };
  const startAs = (w: QuizWorld, p: Person) => as(t, p.cookie).post(`${w.path}/start`);
  const refusal = async (res: Response) => [res.status, (await res.json()).message];

  it("individually: the held registrant is refused; the paid one starts", async () => {
    const w = await paidQuiz();
    const [paid, held] = await people(t, 2, "Q");
    expect((await registerAs(w, paid, { coupon: "ALLFREE" })).payment.status).toBe("paid");
    expect((await registerAs(w, held, {})).payment.status).toBe("pending");
    t.clock.set(new Date(w.roundStart + MINUTE).toISOString());
    expect(await refusal(await startAs(w, held))).toEqual([403, ROUND_MESSAGES.notRegistered]);
    expect(await t.db.selectFrom("quizAttempts").select("id").execute()).toEqual([]);
    expect((await startAs(w, paid)).status).toBe(200);
    // Once paid, the same person starts.
    const held2 = await t.db
      .selectFrom("payments")
      .selectAll()
      .where("userId", "=", held.user.id)
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => markPlacePaid(trx, held2));
    expect((await startAs(w, held)).status).toBe(200);
  });

  it("a team with fees per person: the unpaid member is refused; the paid member starts for the team", async () => {
    const w = await paidQuiz({ team: true, event: { feePer: "person" } });
    const [lead, mate] = await people(t, 2, "QT");
    const made = await registerAs(w, lead, { teamName: "Quizzers", coupon: "ALLFREE" });
    expect(made.payment.status).toBe("paid");
    const joined = await as(t, mate.cookie).post(`/event/${w.eventNumber}/team/join`, {
      ...DETAILS,
      code: made.team.code,
    });
    expect(joined.status).toBe(200);
    expect((await joined.json()).payment.status).toBe("pending");
    t.clock.set(new Date(w.roundStart + MINUTE).toISOString());
    expect(await refusal(await startAs(w, mate))).toEqual([403, ROUND_MESSAGES.notRegistered]);
    expect((await startAs(w, lead)).status).toBe(200);
  });
});

/**
 * SPEC-4 §2, judging: a registration whose place is held (as a pending payment leaves it) is not
 * judged: no judge is assigned its submission, it is in no judge's queue, on no leaderboard and
 * not short of judges; a paid registration's submission is judged like a free one's.
 */
describe.each(engines)("a held place is not judged, on %s (SPEC-4 §2)", (engine) => {
  let t: TestApi;
  let e: JudgingEvent;
  beforeEach(async () => {
    t = await createTestApi(engine);
    e = await judgingEvent(t, { submissions: 3, judges: 2 });
    await t.db.updateTable("events").set(PAID).where("id", "=", e.event.id).execute();
  });
  afterEach(() => t.close());

  /** A payment for an entrant's place: paid (registered) or pending (the place held). */
  async function payment(entrant: JudgingEvent["entrants"][number], status: "paid" | "pending") {
    const at = t.clock.now().toISOString();
    const held = status === "pending" ? 1 : 0;
    await t.db
      .insertInto("payments")
      .values({
        id: `pay${entrant.registrationId}`,
        eventId: e.event.id,
        registrationId: entrant.registrationId,
        userId: entrant.user.id,
        per: "registration",
        reference: `UT${entrant.registrationId.slice(-6).toUpperCase()}`,
        amount: PAID.fee,
        status,
        upiId: PAID.upiId,
        payeeName: PAID.payeeName,
        holdUntil: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
        couponId: null,
        details: JSON.stringify(DETAILS),
        utr: null,
        screenshot: null,
        claimedAt: null,
        paidAt: held ? null : at,
        receiptNumber: null,
        reason: null,
        refundUpiId: null,
        refundUtr: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await t.db
      .updateTable("registrations")
      .set({ held })
      .where("id", "=", entrant.registrationId)
      .execute();
    await t.db
      .updateTable("registrationMembers")
      .set({ held })
      .where("registrationId", "=", entrant.registrationId)
      .execute();
  }

  it("the held registration's submission is never assigned, queued, scored or ranked; the paid one is", async () => {
    const [paid, held, free] = e.entrants;
    await payment(paid, "paid");
    await payment(held, "pending");
    const owner = e.call(e.owner);
    const setup = setupBody(e.judges, { judgesPerSubmission: 2 });
    expect((await owner.post(`${e.round}/judging`, setup)).status).toBe(200);
    expect((await owner.post(`${e.round}/judging/open`)).status).toBe(200);
    const assigned = await assignmentsOf(t);
    expect([...assigned.keys()].sort()).toEqual([paid.submissionId, free.submissionId].sort());
    for (const judge of e.judges) {
      const queue = await (await e.call(judge).get(`${e.round}/judging/mine`)).json();
      const ids = queue.items.map((i: { submission: { _id: string } }) => i.submission._id);
      expect(ids).toContain(paid.submissionId);
      expect(ids).not.toContain(held.submissionId);
      const scored = await e
        .call(judge)
        .post(`${e.round}/submissions/${held.submissionId}/score`, { scores: [5, 5] });
      expect(scored.status).toBe(403);
      expect(
        (
          await e
            .call(judge)
            .post(`${e.round}/submissions/${paid.submissionId}/score`, { scores: [6, 6] })
        ).status,
      ).toBe(200);
    }
    const view = await (await owner.get(`${e.round}/judging`)).json();
    expect(JSON.stringify(view.needsJudge ?? [])).not.toContain(held.submissionId);
    const board = await (await owner.get(`${e.round}/leaderboard`)).json();
    const onBoard = JSON.stringify(board);
    expect(onBoard).toContain(paid.submissionId);
    expect(onBoard).not.toContain(held.submissionId);
    // A place held again once judging is open (a team's paying member left): judged no more.
    await t.db
      .updateTable("registrations")
      .set({ held: 1 })
      .where("id", "=", free.registrationId)
      .execute();
    const again = await e
      .call(e.judges[0])
      .post(`${e.round}/submissions/${free.submissionId}/score`, { scores: [7, 7] });
    expect(again.status).toBe(403);
    expect(JSON.stringify(await (await owner.get(`${e.round}/leaderboard`)).json())).not.toContain(
      free.submissionId,
    );
  });
});
