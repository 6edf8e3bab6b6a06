import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES as M } from "#server/contracts/payments";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { claim, eventRow, paidEvent, runDueJobs } from "#tests/helpers/payments";
import { as, DETAILS, people } from "#tests/helpers/registration";

/**
 * SPEC-4 §1-§2: a late claim that takes an expired place again counts its coupon's use again,
 * only while the coupon has one left (uses never pass maxUses). The amount was fixed when the
 * payment was made: a coupon used up meanwhile leaves the amount as it was and the use uncounted
 * (`countUseAgain` in server/services/payments/coupons.ts).
 */
describe.each(engines)("a late claim's coupon use, on %s (SPEC-4 §1, §2)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  const HOLD = 5 * 60_000;
  async function couponEvent(maxUses: number) {
    const n = await paidEvent(t, org.user.id, { holdMinutes: 5 });
    const made = await as(t, org.cookie).post(`/event/${n}/coupons`, {
      code: "HUNDRED",
      kind: "amount",
      value: 100,
      maxUses,
    });
    expect(made.status).toBe(201);
    return n;
  }
  const register = (cookie: string, n: string) =>
    as(t, cookie).post(`/event/${n}/register`, { ...DETAILS, coupon: "hundred" });
  const usesOf = async (n: string) =>
    (
      await t.db
        .selectFrom("coupons")
        .select("uses")
        .where("eventId", "=", (await eventRow(t, n)).id)
        .executeTakeFirstOrThrow()
    ).uses;
  const paymentRow = (userId: string) =>
    t.db.selectFrom("payments").selectAll().where("userId", "=", userId).executeTakeFirstOrThrow();
  /** Runs `fn` with the clock past every hold made before it, the holds expired. */
  async function afterExpiry(fn: () => Promise<void>) {
    t.clock.advance(HOLD);
    try {
      await runDueJobs(t);
      await fn();
    } finally {
      t.clock.advance(-HOLD);
    }
  }

  it("counted again when the coupon has a use left", async () => {
    const n = await couponEvent(2);
    const [p] = await people(t, 1, "LA");
    expect((await (await register(p.cookie, n)).json()).payment.amount).toBe(199);
    expect(await usesOf(n)).toBe(1);
    await afterExpiry(async () => {
      expect(await usesOf(n)).toBe(0);
      const back = await claim(t, p.cookie, n, "412345678901");
      expect(await back.json()).toMatchObject({ status: "claimed", amount: 199 });
      expect(await usesOf(n)).toBe(1);
      expect((await paymentRow(p.user.id)).couponHeld).toBe(1);
    });
  });

  it("used up by then: the place is taken again at the payment's amount, the use not counted", async () => {
    const n = await couponEvent(1);
    const [p, q] = await people(t, 2, "LB");
    expect((await register(p.cookie, n)).status).toBe(201);
    await afterExpiry(async () => {
      // p's use was given back; q takes the coupon's only use.
      expect((await (await register(q.cookie, n)).json()).payment.amount).toBe(199);
      expect(await usesOf(n)).toBe(1);
      const back = await claim(t, p.cookie, n, "412345678902");
      // The amount was fixed at creation: p still owes ₹199, and the coupon stays at 1 of 1.
      expect(await back.json()).toMatchObject({ status: "claimed", amount: 199 });
      expect(await usesOf(n)).toBe(1);
      expect((await paymentRow(p.user.id)).couponHeld).toBe(0);
      expect((await eventRow(t, n)).registrationCount).toBe(2);
    });
    // q's hold expires too: q's use is given back once; p's (never counted) gives nothing back.
    t.clock.advance(2 * HOLD);
    try {
      await runDueJobs(t);
      expect((await paymentRow(q.user.id)).status).toBe("expired");
      expect(await usesOf(n)).toBe(0);
    } finally {
      t.clock.advance(-2 * HOLD);
    }
  });

  it("6 late claims and 10 new registrants at once for a coupon of 6 uses: never over 6, each use a payment's", async () => {
    const n = await couponEvent(6);
    const late = await people(t, 6, "LC");
    for (const p of late) expect((await register(p.cookie, n)).status).toBe(201);
    expect(await usesOf(n)).toBe(6);
    const fresh = await people(t, 10, "LD");
    await afterExpiry(async () => {
      expect(await usesOf(n)).toBe(0);
      const res = await Promise.all([
        ...late.map((p, i) => claim(t, p.cookie, n, String(300000000000 + i))),
        ...fresh.map((p) => register(p.cookie, n)),
      ]);
      const claims = res.slice(0, late.length);
      const regs = res.slice(late.length);
      for (const r of claims)
        expect(await r.json()).toMatchObject({ status: "claimed", amount: 199 });
      const registered = regs.filter((r) => r.status === 201).length;
      for (const r of regs.filter((r) => r.status !== 201))
        expect([r.status, (await r.json()).message]).toEqual([409, M.couponUsedUp]);
      const event = await eventRow(t, n);
      const rows = await t.db
        .selectFrom("payments")
        .select(["couponHeld", "amount"])
        .where("eventId", "=", event.id)
        .where("status", "in", ["pending", "claimed"])
        .execute();
      const counted = rows.filter((r) => r.couponHeld === 1).length;
      // Exactly as many uses as payments holding one, never more than 6; every free use taken.
      expect(await usesOf(n)).toBe(6);
      expect(counted).toBe(6);
      expect(rows.every((r) => r.amount === 199)).toBe(true);
      expect(registered).toBe(6 - (await countedLate(late.map((p) => p.user.id))));
      expect(event.registrationCount).toBe(6 + registered);
    });
  });

  async function countedLate(userIds: string[]) {
    const rows = await t.db
      .selectFrom("payments")
      .select("couponHeld")
      .where("userId", "in", userIds)
      .execute();
    return rows.filter((r) => r.couponHeld === 1).length;
  }
});
