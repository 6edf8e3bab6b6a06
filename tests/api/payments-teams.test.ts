import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES as M } from "#server/contracts/payments";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import { eventRow, paidEvent, paymentOf, runDueJobs } from "#tests/helpers/payments";
import { as, DETAILS, people, teamEvent } from "#tests/helpers/registration";

/** SPEC-4 §2 in team events: fees per registration (the creator pays) or per person. */
describe.each(engines)("paid teams on %s (SPEC-4 §2)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  const later = async (ms: number, run: () => Promise<void>) => {
    t.clock.advance(ms);
    try {
      await run();
    } finally {
      t.clock.advance(-ms);
    }
  };
  const state = async (cookie: string, n: string) =>
    (await as(t, cookie).get(`/event/${n}/registration`)).json();

  it("per registration: the creator pays; members join the held team, marked 'Payment pending'; its expiry releases every member", async () => {
    const n = await paidEvent(t, org.user.id, { ...teamEvent(2, 3), eventName: "Team Fest" });
    const [lead, mate] = await people(t, 2, "T");
    const team = await (
      await as(t, lead.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Rangers" })
    ).json();
    expect(team.payment.status).toBe("pending");
    const joined = await as(t, mate.cookie).post(`/event/${n}/team/join`, {
      ...DETAILS,
      code: team.team.code,
    });
    expect(joined.status).toBe(200);
    const reg = await joined.json();
    expect(reg.team.members.map((m: { paymentPending: boolean }) => m.paymentPending)).toEqual([
      true,
      true,
    ]);
    // The member has nothing to pay: the creator pays for the team.
    expect(await paymentOf(t, mate.cookie, n)).toEqual({
      status: 404,
      body: { message: M.nothingToPay },
    });
    await later(61 * 60_000, async () => {
      expect(await runDueJobs(t)).toBe(1);
      expect((await state(lead.cookie, n)).mine).toBeNull();
      expect((await state(mate.cookie, n)).mine).toBeNull();
      expect((await eventRow(t, n)).registrationCount).toBe(0);
      const mails = (await outbox(t.db)).filter(
        (m) => m.subject === "Your place at Team Fest was released",
      );
      expect(mails.map((m) => m.to).sort()).toEqual([lead.user.email, mate.user.email].sort());
    });
  });

  it("per person: each member's place is held and released on its own", async () => {
    const n = await paidEvent(t, org.user.id, { ...teamEvent(2, 3), feePer: "person", fee: 100 });
    const [lead, mate, third] = await people(t, 3, "P");
    const team = await (
      await as(t, lead.cookie).post(`/event/${n}/register`, { ...DETAILS, teamName: "Solo Pay" })
    ).json();
    expect(team.payment).toMatchObject({ status: "pending", amount: 100 });
    // The leader pays now; the member joins later with a place of their own to pay for.
    await as(t, lead.cookie).post(`/event/${n}/payment/claim`, { utr: "111122223333" });
    const { markPlacePaid } = await import("#server/services/payments/payment-write");
    const leadPayment = await t.db
      .selectFrom("payments")
      .selectAll()
      .where("userId", "=", lead.user.id)
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("payments")
        .set({ status: "paid" })
        .where("id", "=", leadPayment.id)
        .execute();
      await markPlacePaid(trx, leadPayment);
    });
    await later(30 * 60_000, async () => {
      const joined = await (
        await as(t, mate.cookie).post(`/event/${n}/team/join`, {
          ...DETAILS,
          code: team.team.code,
        })
      ).json();
      expect(joined.payment).toMatchObject({ status: "pending", amount: 100 });
      expect(
        joined.team.members.map((m: { firstName: string; paymentPending: boolean }) => [
          m.firstName,
          m.paymentPending,
        ]),
      ).toEqual([
        ["P0", false],
        ["P1", true],
      ]);
      await as(t, third.cookie).post(`/event/${n}/team/join`, { ...DETAILS, code: team.team.code });
    });
    // The third member claims; the second does not: only the second goes at their hold's end.
    await later(31 * 60_000, async () => {
      await as(t, third.cookie).post(`/event/${n}/payment/claim`, { utr: "444455556666" });
    });
    await later(91 * 60_000, async () => {
      await runDueJobs(t);
      const lead2 = await state(lead.cookie, n);
      expect(lead2.mine.team.members.map((m: { firstName: string }) => m.firstName)).toEqual([
        "P0",
        "P2",
      ]);
      expect((await state(mate.cookie, n)).mine).toBeNull();
      expect((await paymentOf(t, mate.cookie, n)).body.status).toBe("expired");
      expect((await eventRow(t, n)).registrationCount).toBe(1);
    });
  });
});
