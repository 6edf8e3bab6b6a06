import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { registrantsInRunning } from "#server/services/saves/reminder-recipients";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { eventRow, paidEvent } from "#tests/helpers/payments";
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
