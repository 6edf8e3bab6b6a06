import { describe, expect, it } from "vitest";
import { CONFIRM_MESSAGES as C } from "#server/contracts/payments-confirm";
import { PAYMENT_MESSAGES as M } from "#server/contracts/payments";
import { expirePayment } from "#server/services/payments/expiry";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import { claim, eventRow, heldPlaces, newUtr, paidEvent, statement } from "#tests/helpers/payments";
import { as } from "#tests/helpers/registration";

const COLUMNS = { dateColumn: "Date", amountColumn: "Amount", narrationColumn: "Narration" };

/**
 * SPEC-4 §3's invariants under simultaneous requests: receipt numbers without gaps or repeats, a
 * UTR confirming at most one payment per UPI ID, an expiry racing a confirmation resolving to one
 * of them, every confirmed rupee in `totals.collected` exactly once. On PostgreSQL the requests
 * really run at once over the pool's connections.
 */
describe.each(engines)("confirmation races on %s (SPEC-4 §3)", (engine) => {
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
  const confirm = (n: string, id: string) =>
    as(t, org.cookie).post(`/event/${n}/payments/${id}/confirm`);
  const receipts = async (eventId: number) =>
    (
      await t.db
        .selectFrom("payments")
        .select("receiptNumber")
        .where("eventId", "=", eventId)
        .where("receiptNumber", "is not", null)
        .execute()
    )
      .map((r) => Number(r.receiptNumber!.split("-")[1]))
      .sort((a, b) => a - b);
  const upload = (n: string, csv: string) => {
    const form = new FormData();
    form.set("file", new File([csv], "s.csv", { type: "text/csv" }));
    for (const [k, v] of Object.entries(COLUMNS)) form.set(k, v);
    return t.request(`/event/${n}/payments/import`, {
      method: "POST",
      body: form,
      cookie: org.cookie,
    });
  };

  it("ten confirmations of one payment at once: one 200, one receipt number, one mail", async () => {
    const n = await paidEvent(t, org.user.id, { eventName: "Ten Fest", capacity: 5 });
    const [p] = await heldPlaces(t, n, 1, { claimed: true, prefix: "Ten" });
    const res = await Promise.all(Array.from({ length: 10 }, () => confirm(n, p.payment._id)));
    expect(await outcome(res)).toEqual({ "200": 1, [`409 ${M.alreadyConfirmed}`]: 9 });
    const event = await eventRow(t, n);
    expect(event.receiptCounter).toBe(1);
    expect(await receipts(event.id)).toEqual([1]);
    const mails = (await outbox(t.db)).filter((m) => m.subject === "Payment received: Ten Fest");
    expect(mails).toHaveLength(1);
  });

  it("confirmations, an import naming the same payments, and a second import, all at once: receipts 1..N, each rupee once", async () => {
    const n = await paidEvent(t, org.user.id, { fee: 150, capacity: 40 });
    const payers = await heldPlaces(t, n, 24, { claimed: true, prefix: "Many" });
    const csv = statement(
      payers.map((p, i) => [`2${i % 9}/11/2026`, `UPI-${p.utr}-fees`, "150.00"]),
    );
    const res = await Promise.all([
      ...payers.map((p) => confirm(n, p.payment._id)),
      upload(n, csv),
      upload(n, csv),
      ...payers.slice(0, 8).map((p) => confirm(n, p.payment._id)),
    ]);
    for (const r of res) expect([200, 409]).toContain(r.status);
    const event = await eventRow(t, n);
    expect(await receipts(event.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(event.receiptCounter).toBe(24);
    const { totals } = await (await as(t, org.cookie).get(`/event/${n}/payments`)).json();
    expect(totals).toEqual({
      collected: 24 * 150,
      pending: 0,
      claimed: 0,
      refundDue: 0,
      refunded: 0,
    });
    const lines = await t.db
      .selectFrom("statementLines")
      .select(["outcome"])
      .where("eventId", "=", event.id)
      .execute();
    expect(lines).toHaveLength(24);
  });

  it("an expiry racing a confirmation: exactly one wins for each payment", async () => {
    const n = await paidEvent(t, org.user.id, {
      eventName: "Race Fest",
      capacity: 30,
      holdMinutes: 5,
    });
    const payers = await heldPlaces(t, n, 16, { prefix: "Racer" });
    t.clock.advance(6 * 60_000);
    const results = await Promise.all(
      payers.map(async (p) => {
        const [res, expired] = await Promise.all([
          confirm(n, p.payment._id),
          expirePayment(t.deps, p.payment._id),
        ]);
        return { p, confirmed: res.status === 200, expired, body: await res.json() };
      }),
    );
    let paid = 0;
    for (const r of results) {
      expect(r.confirmed !== r.expired).toBe(true);
      if (!r.confirmed) expect(r.body.message).toBe(C.expired);
      const row = await t.db
        .selectFrom("payments")
        .select("status")
        .where("id", "=", r.p.payment._id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(r.confirmed ? "paid" : "expired");
      if (r.confirmed) paid++;
    }
    const event = await eventRow(t, n);
    expect(event.registrationCount).toBe(paid);
    expect(await receipts(event.id)).toEqual(Array.from({ length: paid }, (_, i) => i + 1));
    const released = (await outbox(t.db)).filter(
      (m) => m.subject === "Your place at Race Fest was released",
    );
    expect(released).toHaveLength(16 - paid);
  });

  it("a UTR confirms at most one payment per UPI ID: claims and statement lines with one UTR at once", async () => {
    // Two events paid to the same UPI ID: a UTR names one payment among all of them.
    const a = await paidEvent(t, org.user.id, { capacity: 20 });
    const b = await paidEvent(t, org.user.id, { capacity: 20 });
    const inA = await heldPlaces(t, a, 6, { prefix: "UtrA" });
    const inB = await heldPlaces(t, b, 6, { prefix: "UtrB" });
    const utr = newUtr();
    const res = await Promise.all([
      ...[
        ...inA.slice(0, 3).map((p) => [p, a] as const),
        ...inB.slice(0, 3).map((p) => [p, b] as const),
      ].map(([p, n]) => claim(t, p.cookie, n, utr)),
      upload(
        a,
        statement(
          inA.slice(3).map((p) => ["28/11/2026", `UPI ${utr} ${p.payment.reference}`, "299"]),
        ),
      ),
      upload(
        b,
        statement(
          inB.slice(3).map((p) => ["28/11/2026", `UPI ${utr} ${p.payment.reference}`, "299"]),
        ),
      ),
    ]);
    for (const r of res) expect([200, 409]).toContain(r.status);
    const holders = await t.db
      .selectFrom("payments")
      .select(["status"])
      .where("upiId", "=", "fest.club@okaxis")
      .where("utr", "=", utr)
      .execute();
    expect(holders.length).toBeLessThanOrEqual(1);
    // Every line paid a payment (by the UTR's claim or by reference); none paid twice.
    const paid = await t.db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("eventId", "in", [(await eventRow(t, a)).id, (await eventRow(t, b)).id])
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow();
    expect(Number(paid.n)).toBe(6);
  });
});
