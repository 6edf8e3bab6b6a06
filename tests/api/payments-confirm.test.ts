import { describe, expect, it } from "vitest";
import { CONFIRM_MESSAGES as C } from "#server/contracts/payments-confirm";
import { PAYMENT_MESSAGES as M } from "#server/contracts/payments";
import { REGISTRATION_MESSAGES as R } from "#server/contracts/registration";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import {
  claim,
  eventRow,
  heldPlaces,
  paidEvent,
  paymentOf,
  runDueJobs,
} from "#tests/helpers/payments";
import { as, people, teamEvent } from "#tests/helpers/registration";

/** SPEC-4 §3: the organiser's list and totals, confirm, reject, refund, cancel-paid, CSV. */
describe.each(engines)("confirming payments on %s (SPEC-4 §3)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  const post = (path: string, body: Record<string, unknown> = {}) =>
    as(t, org.cookie).post(path, body);
  const list = async (n: string, query = "") =>
    (await as(t, org.cookie).get(`/event/${n}/payments${query}`)).json();
  const activity = (eventId: number) =>
    t.db
      .selectFrom("eventActivity")
      .select(["action", "summary"])
      .where("eventId", "=", eventId)
      .orderBy("id")
      .execute();
  const registered = async (n: string, cookie: string) =>
    (await (await as(t, cookie).get(`/event/${n}/registration`)).json()).mine;

  it("lists payments newest first with payer, team and registration; totals by status; q and status filter", async () => {
    const n = await paidEvent(t, org.user.id, { eventName: "List Fest", fee: 200, capacity: 10 });
    const [a, b, c] = await heldPlaces(t, n, 3, { prefix: "Lister" });
    t.clock.advance(1000);
    await claim(t, b.cookie, n, b.utr);
    await claim(t, c.cookie, n, c.utr);
    expect((await post(`/event/${n}/payments/${c.payment._id}/confirm`)).status).toBe(200);
    const all = await list(n);
    expect(all.totals).toEqual({
      collected: 200,
      pending: 200,
      claimed: 200,
      refundDue: 0,
      refunded: 0,
    });
    expect(all.items.map((i: { reference: string }) => i.reference)).toEqual(
      [c, b, a].map((p) => p.payment.reference),
    );
    expect(all.items[0]).toMatchObject({
      _id: c.payment._id,
      status: "paid",
      payer: { firstName: "Lister2", lastName: "Rao", email: c.user.email },
      teamName: null,
      registrationId: expect.any(String),
      hasScreenshot: false,
    });
    expect((await list(n, "?status=claimed")).items.map((i: { _id: string }) => i._id)).toEqual([
      b.payment._id,
    ]);
    const byRef = await list(n, `?q=${a.payment.reference.toLowerCase()}`);
    expect(byRef.items.map((i: { _id: string }) => i._id)).toEqual([a.payment._id]);
    expect((await list(n, `?q=${b.utr}`)).items.map((i: { _id: string }) => i._id)).toEqual([
      b.payment._id,
    ]);
    expect((await list(n, "?q=lister1%20rao")).items.map((i: { _id: string }) => i._id)).toEqual([
      b.payment._id,
    ]);
    // A control character is dropped, never sent to the database (PostgreSQL refuses a NUL: a 500).
    expect((await list(n, "?q=lister1%00%20rao")).items.map((i: { _id: string }) => i._id)).toEqual(
      [b.payment._id],
    );
    // The totals are the event's whatever the filter.
    expect((await list(n, "?status=pending")).totals.collected).toBe(200);
    const [stranger] = await people(t, 1, "Stranger");
    expect((await as(t, stranger.cookie).get(`/event/${n}/payments`)).status).toBe(403);
    expect((await t.request(`/event/${n}/payments`)).status).toBe(401);
  });

  it("confirm: paid with a receipt number {eventNumber}-1, 2…, registered, mailed, logged; again is 409", async () => {
    const n = await paidEvent(t, org.user.id, { eventName: "Receipt Fest", capacity: 10 });
    const [a, b] = await heldPlaces(t, n, 2, { claimed: true, prefix: "Conf" });
    const first = await post(`/event/${n}/payments/${b.payment._id}/confirm`);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      status: "paid",
      receiptNumber: `${n}-1`,
      paidAt: t.clock.now().toISOString(),
      utr: b.utr,
    });
    const second = await (await post(`/event/${n}/payments/${a.payment._id}/confirm`)).json();
    expect(second.receiptNumber).toBe(`${n}-2`);
    const again = await post(`/event/${n}/payments/${a.payment._id}/confirm`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(M.alreadyConfirmed);
    const mine = await registered(n, a.cookie);
    expect(mine.payment.status).toBe("paid");
    const mails = (await outbox(t.db)).filter(
      (m) => m.subject === "Payment received: Receipt Fest",
    );
    expect(mails.map((m) => m.to).sort()).toEqual([a.user.email, b.user.email].sort());
    expect(mails.find((m) => m.to === a.user.email)!.text).toContain(`${n}-2`);
    const event = await eventRow(t, n);
    expect(event.receiptCounter).toBe(2);
    const log = await activity(event.id);
    expect(log.filter((l) => l.action === "payment.confirmed")).toHaveLength(2);
    expect(log.at(-1)!.summary).toContain(a.payment.reference);
    expect((await post(`/event/${n}/payments/nope/confirm`)).status).toBe(404);
  });

  it("a pending payment may be confirmed; an expired one is refused (it comes back by a late claim or a statement line)", async () => {
    const n = await paidEvent(t, org.user.id, { capacity: 2, holdMinutes: 5 });
    const [a] = await heldPlaces(t, n, 1, { prefix: "Pend" });
    t.clock.advance(6 * 60_000);
    await runDueJobs(t);
    expect((await paymentOf(t, a.cookie, n)).body.status).toBe("expired");
    const refused = await post(`/event/${n}/payments/${a.payment._id}/confirm`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(C.expired);
    expect(await registered(n, a.cookie)).toBeNull();
    const [b] = await heldPlaces(t, n, 1, { prefix: "Pend2" });
    const ok = await post(`/event/${n}/payments/${b.payment._id}/confirm`);
    expect(await ok.json()).toMatchObject({ status: "paid", receiptNumber: `${n}-1` });
    expect((await registered(n, b.cookie)).payment.status).toBe("paid");
    expect((await eventRow(t, n)).registrationCount).toBe(1);
  });

  it("reject: 'Give a reason' (≤200), the place released, coupon use given back, mailed with the reason, logged", async () => {
    const n = await paidEvent(t, org.user.id, { eventName: "Reject Fest", capacity: 10 });
    await post(`/event/${n}/coupons`, { code: "TENOFF", kind: "amount", value: 10, maxUses: 1 });
    const [p] = await people(t, 1, "Rej");
    const reg = await (
      await as(t, p.cookie).post(`/event/${n}/register`, {
        phone: "9876543210",
        collegeName: "IIT Delhi",
        course: "B.Tech",
        coupon: "TENOFF",
      })
    ).json();
    await claim(t, p.cookie, n, "123456789012");
    const path = `/event/${n}/payments/${reg.payment._id}/reject`;
    const none = await post(path, {});
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      message: C.reasonRequired,
      errors: { reason: [C.reasonRequired] },
    });
    expect((await post(path, { reason: "x".repeat(201) })).status).toBe(400);
    const res = await post(path, { reason: "No such UTR in our statement" });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("rejected");
    expect(await registered(n, p.cookie)).toBeNull();
    const event = await eventRow(t, n);
    expect(event.registrationCount).toBe(0);
    const coupon = await t.db
      .selectFrom("coupons")
      .select("uses")
      .where("eventId", "=", event.id)
      .executeTakeFirstOrThrow();
    expect(coupon.uses).toBe(0);
    const mail = (await outbox(t.db)).at(-1)!;
    expect(mail.subject).toBe("Payment not confirmed: Reject Fest");
    expect(mail.to).toBe(p.user.email);
    expect(mail.text).toContain("No such UTR in our statement");
    expect((await activity(event.id)).at(-1)!.action).toBe("payment.rejected");
    const twice = await post(path, { reason: "again" });
    expect(twice.status).toBe(409);
    const confirmed = await post(`/event/${n}/payments/${reg.payment._id}/confirm`);
    expect((await confirmed.json()).message).toBe(C.wasRejected);
  });

  it("refund: without a UTR 'refund-due', then 'Mark refunded' mails 'Refund sent'; the place released for good", async () => {
    const n = await paidEvent(t, org.user.id, { eventName: "Refund Fest", capacity: 10 });
    const [a, b] = await heldPlaces(t, n, 2, { claimed: true, prefix: "Ref" });
    for (const p of [a, b]) await post(`/event/${n}/payments/${p.payment._id}/confirm`);
    const due = await post(`/event/${n}/payments/${a.payment._id}/refund`, {
      note: "Asked by mail",
    });
    expect(due.status).toBe(200);
    expect((await due.json()).status).toBe("refund-due");
    expect(await registered(n, a.cookie)).toBeNull();
    expect((await eventRow(t, n)).registrationCount).toBe(1);
    const badUtr = await post(`/event/${n}/payments/${a.payment._id}/refund`, { refundUtr: "12" });
    expect(badUtr.status).toBe(400);
    const sent = await post(`/event/${n}/payments/${a.payment._id}/refund`, {
      refundUtr: "998877665544",
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ status: "refunded", refundUtr: "998877665544" });
    const mail = (await outbox(t.db)).at(-1)!;
    expect(mail.subject).toBe("Refund sent: Refund Fest");
    expect(mail.to).toBe(a.user.email);
    expect(mail.text).toContain("998877665544");
    expect(mail.text).toContain("Asked by mail");
    const again = await post(`/event/${n}/payments/${a.payment._id}/refund`, {
      refundUtr: "998877665544",
    });
    expect((await again.json()).message).toBe(C.alreadyRefunded);
    // Straight to refunded with the UTR.
    const direct = await post(`/event/${n}/payments/${b.payment._id}/refund`, {
      refundUtr: "112233445566",
    });
    expect((await direct.json()).status).toBe("refunded");
    expect(await registered(n, b.cookie)).toBeNull();
    // Never registered again: a claim, a confirmation and an import line all refuse it.
    expect((await (await claim(t, b.cookie, n, newUtrLike())).json()).message).toBe(M.refunded);
    const conf = await post(`/event/${n}/payments/${b.payment._id}/confirm`);
    expect((await conf.json()).message).toBe(M.refunded);
    expect(await registered(n, b.cookie)).toBeNull();
    const totals = (await list(n)).totals;
    expect(totals).toMatchObject({ collected: 0, refunded: 598, refundDue: 0 });
    const log = await activity((await eventRow(t, n)).id);
    expect(log.filter((l) => l.action === "payment.refunded")).toHaveLength(3);
    // A pending payment is not refunded: it was never paid.
    const [c] = await heldPlaces(t, n, 1, { prefix: "RefP" });
    const pending = await post(`/event/${n}/payments/${c.payment._id}/refund`);
    expect((await pending.json()).message).toBe(C.cannotRefund);
  });

  it("a team's payment (per registration) refunded releases the whole team", async () => {
    const n = await paidEvent(t, org.user.id, { ...teamEvent(1, 3), capacity: 10 });
    const [lead, mate] = await people(t, 2, "Team");
    const reg = await (
      await as(t, lead.cookie).post(`/event/${n}/register`, {
        phone: "9876543210",
        collegeName: "IIT Delhi",
        course: "B.Tech",
        teamName: "Refunders",
      })
    ).json();
    const joined = await as(t, mate.cookie).post(`/event/${n}/team/join`, {
      phone: "9876543210",
      collegeName: "IIT Delhi",
      course: "B.Tech",
      code: reg.team.code,
    });
    expect(joined.status).toBe(200);
    await claim(t, lead.cookie, n, "555566667777");
    const items = (await list(n)).items;
    expect(items[0].teamName).toBe("Refunders");
    await post(`/event/${n}/payments/${reg.payment._id}/confirm`);
    await post(`/event/${n}/payments/${reg.payment._id}/refund`, { refundUtr: "555566667778" });
    expect(await registered(n, lead.cookie)).toBeNull();
    expect(await registered(n, mate.cookie)).toBeNull();
    expect((await eventRow(t, n)).registrationCount).toBe(0);
  });

  it("cancel-paid: the payer's paid place released at once, 'refund-due' with their UPI ID; only while open", async () => {
    const n = await paidEvent(t, org.user.id, { capacity: 10 });
    const [a, b] = await heldPlaces(t, n, 2, { claimed: true, prefix: "Canc" });
    const early = await as(t, a.cookie).post(`/event/${n}/cancel-paid`, {});
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe(C.notPaid);
    for (const p of [a, b]) await post(`/event/${n}/payments/${p.payment._id}/confirm`);
    const bad = await as(t, a.cookie).post(`/event/${n}/cancel-paid`, { refundUpiId: "nope" });
    expect(bad.status).toBe(400);
    const res = await as(t, a.cookie).post(`/event/${n}/cancel-paid`, {
      refundUpiId: "payer.one@okicici",
    });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("refund-due");
    expect(await registered(n, a.cookie)).toBeNull();
    const row = await t.db
      .selectFrom("payments")
      .select("refundUpiId")
      .where("id", "=", a.payment._id)
      .executeTakeFirstOrThrow();
    expect(row.refundUpiId).toBe("payer.one@okicici");
    expect((await list(n)).totals).toMatchObject({ collected: 299, refundDue: 299 });
    // Registration closed: no more.
    await t.db
      .updateTable("events")
      .set({ endDate: new Date(t.clock.now().getTime() - 1000).toISOString() })
      .where("eventNumber", "=", n)
      .execute();
    const closed = await as(t, b.cookie).post(`/event/${n}/cancel-paid`, {});
    expect((await closed.json()).message).toBe(R.closed);
  });

  it("coupons made and disabled are in the activity log (coupon.created, coupon.disabled)", async () => {
    const n = await paidEvent(t, org.user.id);
    const made = await (
      await post(`/event/${n}/coupons`, { code: "LOGME", kind: "percent", value: 20 })
    ).json();
    await post(`/event/${n}/coupons/${made._id}/disable`);
    await post(`/event/${n}/coupons/${made._id}/disable`);
    const log = await activity((await eventRow(t, n)).id);
    expect(log).toEqual([
      { action: "coupon.created", summary: "Organiser Verma made the coupon LOGME (20% off)" },
      { action: "coupon.disabled", summary: "Organiser Verma disabled the coupon LOGME" },
    ]);
  });

  it("payments.csv: every payment, formula cells defused; organisers only", async () => {
    const n = await paidEvent(t, org.user.id, { capacity: 10 });
    const [p] = await people(t, 1, "=HYPERLINK(1)");
    await as(t, p.cookie).post(`/event/${n}/register`, {
      phone: "9876543210",
      collegeName: "IIT Delhi",
      course: "B.Tech",
    });
    const more = await heldPlaces(t, n, 2, { claimed: true, prefix: "Csv" });
    await post(`/event/${n}/payments/${more[0].payment._id}/confirm`);
    const res = await as(t, org.cookie).get(`/event/${n}/payments.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Reference,Status,Amount/);
    expect(text).toContain("'=HYPERLINK(1)0");
    expect(text).toContain(`${n}-1`);
    const [stranger] = await people(t, 1, "CsvStranger");
    expect((await as(t, stranger.cookie).get(`/event/${n}/payments.csv`)).status).toBe(403);
  });
});

let refundUtrSeed = 0;
function newUtrLike() {
  return String(700_000_000_000 + ++refundUtrSeed);
}
