import { describe, expect, it } from "vitest";
import { RECEIPT_MESSAGES } from "#server/contracts/receipts";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import { claim, paidEvent } from "#tests/helpers/payments";
import { pdfFontNames, pdfTextLines } from "#tests/helpers/pdf";
import { markPaid } from "#tests/helpers/receipts";
import { as, DETAILS, people } from "#tests/helpers/registration";
import { createUserWithSession } from "#tests/helpers/users";
import { createTestWorker } from "#tests/helpers/worker";

/** SPEC-4 §3 receipts: GET /event/{n}/receipt and the PDF attached to 'Payment received'. */
describe.each(engines)("receipts on %s (SPEC-4 §3)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  /** Registers `cookie` for `n`: answers the new payment's id and reference. */
  const register = async (cookie: string, n: string) => {
    const res = await as(t, cookie).post(`/event/${n}/register`, DETAILS);
    expect(res.status).toBe(201);
    const { payment } = await res.json();
    return payment as { _id: string; reference: string };
  };
  const receipt = (cookie: string, n: string) => as(t, cookie).get(`/event/${n}/receipt`);
  const pdfOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
  /** The receipt's text as a reader extracts it, wrapped lines joined. */
  const textOf = async (pdf: Uint8Array) => (await pdfTextLines(pdf)).join("\n");

  it("GET receipt: the payer's PDF with every field, the date in India time", async () => {
    // 20:00 UTC on the 28th is 01:30 on the 29th in India.
    t.clock.set("2026-11-28T20:00:00.000Z");
    const n = await paidEvent(t, org.user.id, {
      eventName: "Rang Fest 2026",
      organisationName: "IIT Delhi",
      fee: 1299,
      upiId: "rang.fest@okhdfcbank",
      payeeName: "Rang Cultural Society",
      gstin: "07AAACI1234F1Z5",
      refundPolicy: "Full refund until registration closes.",
    });
    const [p] = await people(t, 1);
    const pay = await register(p.cookie, n);
    expect((await claim(t, p.cookie, n, "412345678901")).status).toBe(200);
    const number = await markPaid(t, pay._id);
    expect(number).toBe(`${n}-1`);

    const res = await receipt(p.cookie, n);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="receipt-${n}-1.pdf"`,
    );
    const pdf = await pdfOf(res);
    const lines = await pdfTextLines(pdf);
    expect(lines[0]).toBe("Receipt");
    for (const line of [
      `Receipt number ${n}-1`,
      "Date 29 Nov 2026",
      "Received from P0 Rao",
      "For Registration for Rang Fest 2026",
      "Organised by IIT Delhi",
      "Amount ₹1,299",
      "Amount in words Rupees One Thousand Two Hundred Ninety-Nine only",
      "Paid to Rang Cultural Society",
      "UPI ID rang.fest@okhdfcbank",
      "UTR 412345678901",
      `Payment reference ${pay.reference}`,
      "GSTIN 07AAACI1234F1Z5",
      "Refund policy",
      "Full refund until registration closes.",
    ])
      expect(lines).toContain(line);
    expect(pdfFontNames(pdf)).toEqual(
      expect.arrayContaining(["NotoSans-Regular", "NotoSans-Bold"]),
    );
  });

  it("a Devanagari name drawn in its font; ₹1,00,000 in words (lakh); no GSTIN line without one", async () => {
    t.clock.set("2026-11-21T06:30:00.000Z");
    const n = await paidEvent(t, org.user.id, { eventName: "Natya Utsav", fee: 100000 });
    const payer = await createUserWithSession(t.deps, { firstName: "अनुराग", lastName: "यादव" });
    const pay = await register(payer.cookie, n);
    await markPaid(t, pay._id);
    const pdf = await pdfOf(await receipt(payer.cookie, n));
    const lines = await pdfTextLines(pdf);
    expect(lines).toContain("Received from अनुराग यादव");
    expect(lines).toContain("Amount ₹1,00,000");
    expect(lines).toContain("Amount in words Rupees One Lakh only");
    expect(lines).toContain("Date 21 Nov 2026");
    const text = lines.join("\n");
    expect(text).not.toContain("GSTIN");
    // Confirmed without a claim: no UTR to print.
    expect(text).not.toContain("UTR");
    expect(pdfFontNames(pdf)).toEqual(
      expect.arrayContaining(["NotoSans-Regular", "NotoSansDevanagari-Bold"]),
    );
  });

  it("404 with a clear message to a caller without a paid payment: pending, none, refunded", async () => {
    const n = await paidEvent(t, org.user.id);
    const [pending, stranger, refunded] = await people(t, 3, "R");
    await register(pending.cookie, n);
    const pay = await register(refunded.cookie, n);
    await markPaid(t, pay._id);
    expect((await receipt(refunded.cookie, n)).status).toBe(200);
    await t.db
      .updateTable("payments")
      .set({ status: "refunded" })
      .where("id", "=", pay._id)
      .execute();
    for (const who of [pending, stranger, refunded]) {
      const res = await receipt(who.cookie, n);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: RECEIPT_MESSAGES.noReceipt });
    }
    // The organiser has no receipt either: a receipt is the payer's.
    expect((await receipt(org.cookie, n)).status).toBe(404);
    expect((await t.request(`/event/${n}/receipt`)).status).toBe(401);
    expect((await receipt(pending.cookie, "99999999")).status).toBe(404);
  });

  it("numbers follow the order of confirmation; each payer gets their own", async () => {
    const n = await paidEvent(t, org.user.id);
    const [a, b] = await people(t, 2, "N");
    const pa = await register(a.cookie, n);
    const pb = await register(b.cookie, n);
    expect(await markPaid(t, pb._id)).toBe(`${n}-1`);
    expect(await markPaid(t, pa._id)).toBe(`${n}-2`);
    expect(await textOf(await pdfOf(await receipt(a.cookie, n)))).toContain(
      `Receipt number ${n}-2\nDate`,
    );
    expect(await textOf(await pdfOf(await receipt(b.cookie, n)))).toContain("Received from N1 Rao");
  });

  it("'Payment received' is queued as a small row naming the payment; the worker sends it with the PDF", async () => {
    const n = await paidEvent(t, org.user.id, { eventName: "Kala Mela", fee: 499 });
    const [p] = await people(t, 1, "M");
    const pay = await register(p.cookie, n);
    const number = await markPaid(t, pay._id);
    const row = (await outbox(t.db)).at(-1)!;
    expect(row.subject).toBe("Payment received: Kala Mela");
    expect(row.to).toBe(p.user.email);
    expect(row.text).toContain("₹499");
    expect(row.text).toContain(number);
    expect(row.text).toContain(`/event/${n}/pay`);
    expect(JSON.parse(row.attachments ?? "null")).toEqual([
      { kind: "receipt", paymentId: pay._id },
    ]);

    const { sent, runOnce } = createTestWorker(t.deps, t.db);
    await runOnce();
    const mail = sent.find((m) => m.subject === "Payment received: Kala Mela");
    expect(mail?.attachments).toHaveLength(1);
    const [file] = mail!.attachments!;
    expect(file.filename).toBe(`receipt-${number}.pdf`);
    expect(file.contentType).toBe("application/pdf");
    const lines = await pdfTextLines(new Uint8Array(file.content));
    expect(lines).toContain(`Receipt number ${number}`);
    expect(lines).toContain("Received from M0 Rao");
    expect(lines).toContain("Amount in words Rupees Four Hundred Ninety-Nine only");
    const after = await t.db
      .selectFrom("mailOutbox")
      .select(["sentAt", "attachments"])
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(after.sentAt).not.toBeNull();
  });

  it("insights: 'Collected' sums the payments now paid; null for a free event", async () => {
    const n = await paidEvent(t, org.user.id, { fee: 299 });
    const [a, b, c, d] = await people(t, 4, "C");
    const paid = await register(a.cookie, n);
    await register(b.cookie, n); // pending: not collected
    const claimed = await register(c.cookie, n);
    expect((await claim(t, c.cookie, n, "512345678901")).status).toBe(200);
    const refunded = await register(d.cookie, n);
    const insights = async (m: string) =>
      (await (await as(t, org.cookie).get(`/event/${m}/insights`)).json()).collected;
    expect(await insights(n)).toBe(0);
    await markPaid(t, paid._id);
    await markPaid(t, refunded._id);
    expect(await insights(n)).toBe(598);
    await t.db
      .updateTable("payments")
      .set({ status: "refunded" })
      .where("id", "=", refunded._id)
      .execute();
    expect(await insights(n)).toBe(299);
    await markPaid(t, claimed._id);
    expect(await insights(n)).toBe(598);
    expect(await insights(await paidEvent(t, org.user.id, { fee: 0 }))).toBeNull();
  });
});
