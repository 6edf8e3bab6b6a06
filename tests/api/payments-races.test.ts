import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES as M } from "#server/contracts/payments";
import { REGISTRATION_MESSAGES as R } from "#server/contracts/registration";
import { runOneJob } from "#server/jobs/jobs";
import { jobHandlers } from "#server/jobs/handlers";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { claim, eventRow, paidEvent } from "#tests/helpers/payments";
import { as, DETAILS, people } from "#tests/helpers/registration";

/**
 * SPEC-4's invariants under simultaneous requests: held places within capacity, coupon uses
 * within maxUses, a UTR for one payment per UPI ID, and an expiry racing a claim with one winner.
 * On PostgreSQL the requests really run at once over the pool's connections.
 */
describe.each(engines)("payment races on %s (SPEC-4 §1, §2)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  async function outcome(responses: Response[]) {
    const out: Record<string, number> = {};
    for (const r of responses) {
      const key = r.status < 300 ? String(r.status) : `${r.status} ${(await r.json()).message}`;
      out[key] = (out[key] ?? 0) + 1;
    }
    return out;
  }
  const countOf = async (table: "payments" | "registrations", eventId: number) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("eventId", "=", eventId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("30 people at once for 6 paid places: exactly 6 held, each with one payment", async () => {
    const n = await paidEvent(t, org.user.id, { capacity: 6 });
    const rush = await people(t, 30, "R");
    const res = await Promise.all(
      rush.map((p) => as(t, p.cookie).post(`/event/${n}/register`, DETAILS)),
    );
    expect(await outcome(res)).toEqual({ "201": 6, [`409 ${R.full}`]: 24 });
    const event = await eventRow(t, n);
    expect(event.registrationCount).toBe(6);
    expect(await countOf("registrations", event.id)).toBe(6);
    expect(await countOf("payments", event.id)).toBe(6);
  });

  it("20 people at once with a coupon of 3 uses: exactly 3 get it, the rest 'used up'", async () => {
    const n = await paidEvent(t, org.user.id);
    await as(t, org.cookie).post(`/event/${n}/coupons`, {
      code: "THREE",
      kind: "amount",
      value: 100,
      maxUses: 3,
    });
    const rush = await people(t, 20, "C");
    const res = await Promise.all(
      rush.map((p) =>
        as(t, p.cookie).post(`/event/${n}/register`, { ...DETAILS, coupon: "three" }),
      ),
    );
    expect(await outcome(res)).toEqual({ "201": 3, [`409 ${M.couponUsedUp}`]: 17 });
    const event = await eventRow(t, n);
    const coupon = await t.db
      .selectFrom("coupons")
      .select("uses")
      .where("eventId", "=", event.id)
      .executeTakeFirstOrThrow();
    expect(coupon.uses).toBe(3);
    expect(event.registrationCount).toBe(3);
    expect(await countOf("payments", event.id)).toBe(3);
  });

  it("10 payers claim one UTR at once: one claimed, 9 'This UTR was already used'", async () => {
    const n = await paidEvent(t, org.user.id);
    const payers = await people(t, 10, "U");
    for (const p of payers) await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
    const res = await Promise.all(payers.map((p) => claim(t, p.cookie, n, "998877665544")));
    expect(await outcome(res)).toEqual({ "200": 1, [`409 ${M.utrUsed}`]: 9 });
    const rows = await t.db
      .selectFrom("payments")
      .select(["status", "utr"])
      .where("eventId", "=", (await eventRow(t, n)).id)
      .execute();
    expect(rows.filter((r) => r.utr === "998877665544")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "claimed")).toHaveLength(1);
  });

  it("claims racing their expiries: each payment ends claimed and holds its place exactly once", async () => {
    const n = await paidEvent(t, org.user.id, { capacity: 20, holdMinutes: 5 });
    const payers = await people(t, 12, "X");
    for (const p of payers) await as(t, p.cookie).post(`/event/${n}/register`, DETAILS);
    t.clock.advance(5 * 60_000);
    try {
      const handlers = jobHandlers(t.deps);
      const worker = async () => {
        while (await runOneJob(t.db, t.clock, handlers));
      };
      const res = await Promise.all([
        worker(),
        ...payers.map((p, i) => claim(t, p.cookie, n, String(100000000000 + i))),
        worker(),
      ]);
      const claims = res.slice(1, -1) as Response[];
      expect(await outcome(claims)).toEqual({ "200": 12 });
      const event = await eventRow(t, n);
      const rows = await t.db
        .selectFrom("payments")
        .select("status")
        .where("eventId", "=", event.id)
        .execute();
      expect(rows.map((r) => r.status)).toEqual(Array(12).fill("claimed"));
      // Every place held once: as many registrations and members as payments, and the count.
      expect(event.registrationCount).toBe(12);
      expect(await countOf("registrations", event.id)).toBe(12);
      const members = await t.db
        .selectFrom("registrationMembers")
        .select("userId")
        .where("eventId", "=", event.id)
        .execute();
      expect(new Set(members.map((m) => m.userId)).size).toBe(12);
    } finally {
      t.clock.advance(-5 * 60_000);
    }
  });
});
