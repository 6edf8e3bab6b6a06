import { describe, expect, it } from "vitest";
import { CONFIRM_MESSAGES as C } from "#server/contracts/payments-confirm";
import { PAYMENT_MESSAGES as M } from "#server/contracts/payments";
import { STATEMENT_MESSAGES as S } from "#server/services/payments/statement-csv";
import { engines, outbox, type TestApi, withOrganiser } from "#tests/helpers/api";
import {
  eventRow,
  heldPlaces,
  newUtr,
  paidEvent,
  runDueJobs,
  statement,
} from "#tests/helpers/payments";
import { as, people } from "#tests/helpers/registration";

const COLUMNS = { dateColumn: "Date", amountColumn: "Amount", narrationColumn: "Narration" };

/** SPEC-4 §3's bank-statement import: rules 0-5, its answer, its refusals, preview and assign. */
describe.each(engines)("statement import on %s (SPEC-4 §3)", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  function upload(n: string, csv: string, fields: Record<string, string> = COLUMNS) {
    const form = new FormData();
    form.set("file", new File([csv], "statement.csv", { type: "text/csv" }));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return t.request(`/event/${n}/payments/import`, {
      method: "POST",
      body: form,
      cookie: org.cookie,
    });
  }
  const list = async (n: string) => (await as(t, org.cookie).get(`/event/${n}/payments`)).json();
  const statusOf = async (id: string) =>
    await t.db
      .selectFrom("payments")
      .select(["status", "utr", "receiptNumber"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("each rule in order: duplicate, UTR, reference, already paid, expired, unmatched; a second import changes nothing", async () => {
    const n = await paidEvent(t, org.user.id, {
      eventName: "Import Fest",
      capacity: 10,
      holdMinutes: 30,
    });
    // Expired first: its hold passes before the others are taken.
    const [gone] = await heldPlaces(t, n, 1, { prefix: "Gone" });
    t.clock.advance(31 * 60_000);
    await runDueJobs(t);
    expect((await statusOf(gone.payment._id)).status).toBe("expired");
    const [byUtr, wrongAmount, paidAlready] = await heldPlaces(t, n, 3, {
      claimed: true,
      prefix: "Claimer",
    });
    const [byRef] = await heldPlaces(t, n, 1, { prefix: "Ref" });
    await as(t, org.cookie).post(`/event/${n}/payments/${paidAlready.payment._id}/confirm`);
    const refUtr = newUtr();
    const spaced = (ref: string) => `${ref.slice(0, 4).toLowerCase()} ${ref.slice(4)}`;
    const csv = statement([
      ["27/11/2026", `UPI-ARJUN-${byUtr.utr}-fees`, "299.00"],
      ["27/11/2026", `UPI-ARJUN-${byUtr.utr}-fees`, "299.00"], // the same line again: rule 0
      ["27-11-26", `UPI/${wrongAmount.utr}/short`, "₹199"],
      ["2026-11-28", `UPI-${refUtr}-NOTE ${spaced(byRef.payment.reference)}`, "299 CR"],
      ["28 Nov 2026", `UPI-${paidAlready.utr}-again`, "299.00"],
      ["28/11/2026", `UPI-late payer-${gone.payment.reference}`, "299.00"],
      ["28/11/2026", "NEFT DR-PRINTER", "1,500.00 DR"],
      ["29/11/2026", "UPI-someone-unknown-000011112222", "1,29,900.00"],
    ]);
    const res = await upload(n, csv);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      lines: 8,
      credits: 7,
      matched: 3,
      alreadyPaid: 1,
      duplicates: 1,
      mismatched: [
        {
          _id: expect.any(String),
          date: "2026-11-27",
          amount: 199,
          narration: `UPI/${wrongAmount.utr}/short`,
        },
      ],
      unmatched: [
        {
          _id: expect.any(String),
          date: "2026-11-29",
          amount: 129900,
          narration: "UPI-someone-unknown-000011112222",
        },
      ],
    });
    expect(await statusOf(byUtr.payment._id)).toMatchObject({ status: "paid", utr: byUtr.utr });
    expect(await statusOf(wrongAmount.payment._id)).toMatchObject({ status: "claimed" });
    expect(await statusOf(byRef.payment._id)).toMatchObject({ status: "paid", utr: refUtr });
    expect(await statusOf(gone.payment._id)).toMatchObject({ status: "paid" });
    // Receipts in the order confirmed: the manual one first, then the file's order.
    expect((await statusOf(paidAlready.payment._id)).receiptNumber).toBe(`${n}-1`);
    expect((await statusOf(byUtr.payment._id)).receiptNumber).toBe(`${n}-2`);
    expect((await statusOf(byRef.payment._id)).receiptNumber).toBe(`${n}-3`);
    expect((await statusOf(gone.payment._id)).receiptNumber).toBe(`${n}-4`);
    const state = await (await as(t, gone.cookie).get(`/event/${n}/registration`)).json();
    expect(state.mine.payment.status).toBe("paid");
    const received = (await outbox(t.db)).filter(
      (m) => m.subject === "Payment received: Import Fest",
    );
    expect(received).toHaveLength(4);
    const before = await list(n);
    expect(before.totals.collected).toBe(4 * 299);
    const event = await eventRow(t, n);
    const log = await t.db
      .selectFrom("eventActivity")
      .select("action")
      .where("eventId", "=", event.id)
      .where("action", "=", "payments.imported")
      .execute();
    expect(log).toHaveLength(1);

    const again = await (await upload(n, csv)).json();
    expect(again).toEqual({
      lines: 8,
      credits: 7,
      matched: 0,
      alreadyPaid: 0,
      duplicates: 7,
      mismatched: [],
      unmatched: [],
    });
    expect(await list(n)).toEqual(before);
    expect((await eventRow(t, n)).receiptCounter).toBe(4);
  });

  it("rule 4 with no room: the expired payment becomes 'refund-due'", async () => {
    const n = await paidEvent(t, org.user.id, { capacity: 1, holdMinutes: 5 });
    const [late] = await heldPlaces(t, n, 1, { prefix: "Late" });
    t.clock.advance(6 * 60_000);
    await runDueJobs(t);
    await heldPlaces(t, n, 1, { prefix: "Taker" });
    const body = await (
      await upload(n, statement([["28/11/2026", `UPI ${late.payment.reference}`, "299"]]))
    ).json();
    expect(body.matched).toBe(1);
    expect((await statusOf(late.payment._id)).status).toBe("refund-due");
    expect((await eventRow(t, n)).registrationCount).toBe(1);
  });

  it("refusals: no such column, amounts unreadable, over 5 MB, over 50,000 lines (nothing written)", async () => {
    const n = await paidEvent(t, org.user.id);
    const csv = statement([["28/11/2026", "x", "299"]]);
    const noCol = await upload(n, csv, { ...COLUMNS, amountColumn: "Credit" });
    expect(noCol.status).toBe(400);
    expect((await noCol.json()).message).toBe(S.noColumn("Credit"));
    const words = await upload(n, statement([["28/11/2026", "x", "two hundred"]]));
    expect((await words.json()).message).toBe(S.amounts("Amount"));
    const big = await upload(n, `Date,Narration,Amount\n${"x".repeat(5 * 1024 * 1024)}`);
    expect(big.status).toBe(400);
    expect((await big.json()).message).toBe(S.file);
    const none = await t.request(`/event/${n}/payments/import`, {
      method: "POST",
      json: COLUMNS,
      cookie: org.cookie,
    });
    expect((await none.json()).message).toBe(S.file);
    const many = statement(
      Array.from(
        { length: 50_001 },
        (_, i) => ["28/11/2026", `line ${i}`, "1"] as [string, string, string],
      ),
    );
    const tooMany = await upload(n, many);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toBe(S.file);
    const event = await eventRow(t, n);
    const kept = await t.db
      .selectFrom("statementLines")
      .select("id")
      .where("eventId", "=", event.id)
      .execute();
    expect(kept).toEqual([]);
  }, 60_000);

  it("preview keeps the file (never served publicly); import by fileKey; assign an unmatched line", async () => {
    const n = await paidEvent(t, org.user.id, { capacity: 10 });
    const [a, b] = await heldPlaces(t, n, 2, { claimed: true, prefix: "Assign" });
    const csv = statement([
      ["28/11/2026", "CASH DEPOSIT BY HAND", "299.00"],
      ["28/11/2026", "SOMEONE PAID 100", "100.00"],
      ["29/11/2026", "CASH DEPOSIT 2", "299.00"],
      ["30/11/2026", "CASH DEPOSIT 3", "299.00"],
    ]);
    const form = new FormData();
    form.set("file", new File([csv], "s.csv", { type: "text/csv" }));
    const preview = await t.request(`/event/${n}/payments/import/preview`, {
      method: "POST",
      body: form,
      cookie: org.cookie,
    });
    expect(preview.status).toBe(200);
    const shown = await preview.json();
    expect(shown).toEqual({
      fileKey: expect.stringMatching(/-sub\.csv$/),
      columns: ["Date", "Narration", "Amount"],
      sample: [
        ["28/11/2026", "CASH DEPOSIT BY HAND", "299.00"],
        ["28/11/2026", "SOMEONE PAID 100", "100.00"],
        ["29/11/2026", "CASH DEPOSIT 2", "299.00"],
      ],
    });
    expect((await t.request(`/files/${shown.fileKey}`)).status).toBe(404);
    const badKey = await t.request(`/event/${n}/payments/import`, {
      method: "POST",
      json: { ...COLUMNS, fileKey: "0123456789abcdef0123-sub.csv" },
      cookie: org.cookie,
    });
    expect((await badKey.json()).message).toBe(C.fileKeyInvalid);
    const imported = await t.request(`/event/${n}/payments/import`, {
      method: "POST",
      json: { ...COLUMNS, fileKey: shown.fileKey },
      cookie: org.cookie,
    });
    const result = await imported.json();
    expect(result).toMatchObject({ lines: 4, credits: 4, matched: 0 });
    expect(result.unmatched).toHaveLength(4);
    const lines = await (await as(t, org.cookie).get(`/event/${n}/payments/lines`)).json();
    expect(lines).toHaveLength(4);
    const [cash, hundred, cash2] = result.unmatched;
    const assign = (lineId: string, paymentId: string) =>
      as(t, org.cookie).post(`/event/${n}/payments/lines/${lineId}/assign`, { paymentId });
    const wrong = await assign(hundred._id, a.payment._id);
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).message).toBe(C.amountMismatch(100, 299));
    const ok = await assign(cash._id, a.payment._id);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "paid", receiptNumber: `${n}-1` });
    const reused = await assign(cash._id, b.payment._id);
    expect((await reused.json()).message).toBe(C.lineAlreadyUsed);
    const paidTwice = await assign(cash2._id, a.payment._id);
    expect((await paidTwice.json()).message).toBe(M.alreadyConfirmed);
    expect((await assign("nope", b.payment._id)).status).toBe(404);
    const left = await (await as(t, org.cookie).get(`/event/${n}/payments/lines`)).json();
    expect(left.map((l: { _id: string }) => l._id).sort()).toEqual(
      result.unmatched
        .slice(1)
        .map((l: { _id: string }) => l._id)
        .sort(),
    );
    const [stranger] = await people(t, 1, "ImportStranger");
    const refused = await t.request(`/event/${n}/payments/import`, {
      method: "POST",
      json: { ...COLUMNS, fileKey: shown.fileKey },
      cookie: stranger.cookie,
    });
    expect(refused.status).toBe(403);
  });
});
