import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES as M } from "#server/contracts/payments";
import { REGISTRATION_MESSAGES as R } from "#server/contracts/registration";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import {
  claim,
  claimWithFile,
  eventRow,
  paidEvent,
  paymentOf,
  runDueJobs,
} from "#tests/helpers/payments";
import { as, DETAILS, people } from "#tests/helpers/registration";

/** SPEC-4 §1 coupons and §2 payments: held places, the payment, the claim, expiry. */
describe.each(engines)("payments on %s (SPEC-4 §1, §2)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  const register = (cookie: string, n: string, extra: Record<string, unknown> = {}) =>
    as(t, cookie).post(`/event/${n}/register`, { ...DETAILS, ...extra });
  const coupon = (n: string, body: Record<string, unknown>) =>
    as(t, org.cookie).post(`/event/${n}/coupons`, body);
  const paymentRows = (n: string) =>
    t.db
      .selectFrom("payments")
      .innerJoin("events", "events.id", "payments.eventId")
      .selectAll("payments")
      .where("events.eventNumber", "=", n)
      .execute();

  it("a paid place is held: 201 with a pending payment, counted, mailed 'Complete your payment'", async () => {
    const n = await paidEvent(t, org.user.id, { eventName: "Rang Fest", capacity: 10 });
    const [p] = await people(t, 1);
    const res = await register(p.cookie, n);
    expect(res.status).toBe(201);
    const reg = await res.json();
    expect(reg.payment).toEqual({
      _id: expect.any(String),
      reference: expect.stringMatching(/^UT[A-HJ-NP-Z2-9]{6}$/),
      amount: 299,
      status: "pending",
      upiId: "fest.club@okaxis",
      payeeName: "Cultural Club IITD",
      holdUntil: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
      utr: null,
      claimedAt: null,
      paidAt: null,
      receiptNumber: null,
    });
    expect((await eventRow(t, n)).registrationCount).toBe(1);
    const mail = (await outbox(t.db)).at(-1)!;
    expect(mail.subject).toBe("Complete your payment for Rang Fest");
    expect(mail.text).toContain(reg.payment.reference);
    expect(mail.text).toContain("₹299");
    expect(mail.text).toContain(`/event/${n}/pay`);
    const state = await (await as(t, p.cookie).get(`/event/${n}/registration`)).json();
    expect(state.mine.payment).toMatchObject({
      status: "pending",
      reference: reg.payment.reference,
    });
    const mine = await (await as(t, p.cookie).get("/my/registrations")).json();
    expect(mine[0].registration.payment.status).toBe("pending");
  });

  it("GET payment: the payer's with the exact upiUri; 404 'You have nothing to pay for this event' to others", async () => {
    const n = await paidEvent(t, org.user.id, {
      fee: 1299,
      upiId: "rang.fest-23@okhdfcbank",
      payeeName: "Rang & Co (IITD)",
    });
    const [p, other] = await people(t, 2);
    const reg = await (await register(p.cookie, n)).json();
    const mine = await paymentOf(t, p.cookie, n);
    expect(mine.status).toBe(200);
    const ref = reg.payment.reference;
    expect(mine.body.upiUri).toBe(
      `upi://pay?pa=rang.fest-23@okhdfcbank&pn=Rang%20%26%20Co%20%28IITD%29&am=1299.00&cu=INR&tn=Utsav%20${ref}&tr=${ref}`,
    );
    expect(await paymentOf(t, other.cookie, n)).toEqual({
      status: 404,
      body: { message: M.nothingToPay },
    });
  });

  it("a free event is as before: payment null, 'You're registered'", async () => {
    const n = await paidEvent(t, org.user.id, { fee: 0 });
    const [p] = await people(t, 1);
    const reg = await (await register(p.cookie, n)).json();
    expect(reg.payment).toBeNull();
    expect((await outbox(t.db)).at(-1)!.subject).toMatch(/^You're registered/);
    expect((await paymentOf(t, p.cookie, n)).status).toBe(404);
  });

  it("coupons: made by the owner, codes unique without regard to case, each message", async () => {
    const n = await paidEvent(t, org.user.id);
    const made = await coupon(n, { code: "Early50", kind: "percent", value: 50, maxUses: 2 });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({
      code: "Early50",
      kind: "percent",
      value: 50,
      uses: 0,
    });
    const again = await coupon(n, { code: "EARLY50", kind: "amount", value: 10 });
    expect(again.status).toBe(400);
    expect((await again.json()).errors.code).toEqual([M.codeTaken]);
    for (const body of [
      { code: "P0", kind: "percent", value: 0 },
      { code: "P101", kind: "percent", value: 101 },
      { code: "AMT300", kind: "amount", value: 300 },
    ]) {
      const bad = await coupon(n, body);
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe(
        body.code === "P0" ? M.codeInvalid : M.discountInvalid,
      );
    }
    const [stranger] = await people(t, 1);
    expect(
      (
        await as(t, stranger.cookie).post(`/event/${n}/coupons`, {
          code: "MINE",
          kind: "amount",
          value: 1,
        })
      ).status,
    ).toBe(403);
    const list = await (await as(t, org.cookie).get(`/event/${n}/coupons`)).json();
    expect(list.map((c: { code: string }) => c.code)).toEqual(["Early50"]);
  });

  it("a coupon takes its discount (50 % of ₹299 is ₹150 off), counts a use, and gives it back on release", async () => {
    const n = await paidEvent(t, org.user.id);
    const c = await (
      await coupon(n, { code: "HALF", kind: "percent", value: 50, maxUses: 1 })
    ).json();
    const [a, b, d] = await people(t, 3);
    const reg = await (await register(a.cookie, n, { coupon: "half" })).json();
    expect(reg.payment.amount).toBe(149);
    const usedUp = await register(b.cookie, n, { coupon: "HALF" });
    expect(usedUp.status).toBe(409);
    expect((await usedUp.json()).message).toBe(M.couponUsedUp);
    expect((await paymentOf(t, b.cookie, n)).status).toBe(404);
    const unknown = await register(b.cookie, n, { coupon: "NOPE" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe(M.couponInvalid);
    // A's hold passes: the place and the use come back.
    t.clock.advance(61 * 60_000);
    try {
      await runDueJobs(t);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
    const list = await (await as(t, org.cookie).get(`/event/${n}/coupons`)).json();
    expect(list.find((x: { _id: string }) => x._id === c._id).uses).toBe(0);
    expect((await register(d.cookie, n, { coupon: "HALF" })).status).toBe(201);
    // Disabled: 'Invalid coupon'; past validUntil: 'This coupon has expired'.
    await as(t, org.cookie).post(`/event/${n}/coupons/${c._id}/disable`);
    const [e, f] = await people(t, 2, "Q");
    expect((await (await register(e.cookie, n, { coupon: "HALF" })).json()).message).toBe(
      M.couponInvalid,
    );
    await coupon(n, { code: "OLD1", kind: "amount", value: 50, validUntil: "2026-11-20T10:00" });
    const old = await register(f.cookie, n, { coupon: "old1" });
    expect(old.status).toBe(409);
    expect((await old.json()).message).toBe(M.couponExpired);
  });

  it("a coupon that brings the amount to ₹0 makes the payment paid at once: registered", async () => {
    const n = await paidEvent(t, org.user.id);
    await coupon(n, { code: "FREE299", kind: "amount", value: 299 });
    const [p] = await people(t, 1);
    const reg = await (await register(p.cookie, n, { coupon: "free299" })).json();
    expect(reg.payment).toMatchObject({ status: "paid", amount: 0, receiptNumber: `${n}-1` });
    const member = await t.db
      .selectFrom("registrationMembers")
      .select("held")
      .where("userId", "=", p.user.id)
      .executeTakeFirstOrThrow();
    expect(member.held).toBe(0);
    expect((await outbox(t.db)).at(-1)!.subject).toMatch(/^You're registered/);
  });

  it("claim: bad UTRs and screenshots get a clear message and change nothing", async () => {
    const n = await paidEvent(t, org.user.id);
    const [p, other] = await people(t, 2);
    await register(p.cookie, n);
    const before = await paymentRows(n);
    for (const utr of ["12345678901", "1234567890123", "12345678901a", "ABCDEFGHIJKL", ""]) {
      const res = await claim(t, p.cookie, n, utr);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: M.utrInvalid, errors: { utr: [M.utrInvalid] } });
    }
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const file of [
      { bytes: big, type: "image/png", name: "big.png" },
      { bytes: new TextEncoder().encode("not an image at all"), type: "image/png", name: "x.png" },
    ]) {
      const res = await claimWithFile(t, p.cookie, n, "123456789012", file);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({ screenshot: [M.screenshotInvalid] });
    }
    // Someone without a payment for this event: nothing to claim.
    const stranger = await claim(t, other.cookie, n, "123456789012");
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).message).toBe(M.nothingToPay);
    expect(await paymentRows(n)).toEqual(before);
  });

  it("claim: claimed with the UTR and a screenshot; again replaces the UTR; a UTR names one payment per UPI ID", async () => {
    const n = await paidEvent(t, org.user.id);
    const [p, q] = await people(t, 2);
    await register(p.cookie, n);
    await register(q.cookie, n);
    const png = await sharp({
      create: { width: 20, height: 20, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    const res = await claimWithFile(t, p.cookie, n, "412345678901", {
      bytes: new Uint8Array(png),
      type: "image/png",
      name: "paid.png",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "claimed", utr: "412345678901" });
    const shot = (await paymentRows(n)).find((r) => r.userId === p.user.id)!.screenshot;
    expect(shot).toMatch(/-sub\.png$/);
    // Not served to the public.
    expect((await t.request(`/files/${shot}`)).status).toBe(404);
    const reused = await claim(t, q.cookie, n, "412345678901");
    expect(reused.status).toBe(409);
    expect((await reused.json()).message).toBe(M.utrUsed);
    expect((await paymentOf(t, q.cookie, n)).body).toMatchObject({ status: "pending", utr: null });
    const replaced = await claim(t, p.cookie, n, "512345678901");
    expect(await replaced.json()).toMatchObject({ status: "claimed", utr: "512345678901" });
    // A claimed place never expires.
    t.clock.advance(2 * 3_600_000);
    try {
      await runDueJobs(t);
    } finally {
      t.clock.advance(-2 * 3_600_000);
    }
    expect((await paymentOf(t, p.cookie, n)).body.status).toBe("claimed");
    expect((await paymentOf(t, q.cookie, n)).body.status).toBe("expired");
  });

  it("expiry releases the place exactly once, mails 'Your place at … was released'; the person may register again", async () => {
    const n = await paidEvent(t, org.user.id, { eventName: "Rang Fest", capacity: 1 });
    const [p, q] = await people(t, 2);
    await register(p.cookie, n);
    expect((await (await register(q.cookie, n)).json()).message).toBe(R.full);
    t.clock.advance(60 * 60_000 - 1000);
    try {
      expect(await runDueJobs(t)).toBe(0);
      t.clock.advance(1000);
      expect(await runDueJobs(t)).toBe(1);
      expect(await runDueJobs(t)).toBe(0);
      const state = await (await as(t, p.cookie).get(`/event/${n}/registration`)).json();
      expect(state).toMatchObject({ mine: null, registrationCount: 0, open: true });
      expect((await paymentOf(t, p.cookie, n)).body.status).toBe("expired");
      const released = (await outbox(t.db)).filter(
        (m) => m.to === p.user.email && m.subject === "Your place at Rang Fest was released",
      );
      expect(released).toHaveLength(1);
      // The place is free: another takes it, and the one released may register again later.
      expect((await register(q.cookie, n)).status).toBe(201);
    } finally {
      t.clock.advance(-60 * 60_000);
    }
  });

  it("a claim after expiry takes the place again if there is room, else the payment is refund-due", async () => {
    const n = await paidEvent(t, org.user.id, { capacity: 1 });
    const [p, q, r] = await people(t, 3);
    await register(p.cookie, n);
    await register(q.cookie, n).catch(() => {});
    t.clock.advance(61 * 60_000);
    try {
      await runDueJobs(t);
      const back = await claim(t, p.cookie, n, "612345678901");
      expect(await back.json()).toMatchObject({ status: "claimed" });
      const state = await (await as(t, p.cookie).get(`/event/${n}/registration`)).json();
      expect(state.mine.payment.status).toBe("claimed");
      expect(state.registrationCount).toBe(1);
      // p holds the only place again: r is refused.
      expect((await (await register(r.cookie, n)).json()).message).toBe(R.full);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
    const n2 = await paidEvent(t, org.user.id, { capacity: 1 });
    await register(q.cookie, n2);
    t.clock.advance(61 * 60_000);
    try {
      await runDueJobs(t);
      expect((await register(r.cookie, n2)).status).toBe(201);
      const late = await claim(t, q.cookie, n2, "712345678901");
      expect(await late.json()).toMatchObject({ status: "refund-due", utr: "712345678901" });
      expect((await eventRow(t, n2)).registrationCount).toBe(1);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });
});
