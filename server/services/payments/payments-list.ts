/**
 * The organiser's view of an event's payments (SPEC-4 §3): totals, the list with the payer's name,
 * team and registration, the CSV of every payment, and a payer's screenshot.
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import {
  CONFIRM_MESSAGES as C,
  type OrganiserPaymentData,
  type PaymentsListData,
  type PaymentTotals,
  paymentsQuerySchema,
} from "#server/contracts/payments-confirm";
import type { PaymentStatus } from "#server/contracts/payments";
import type { Db } from "#server/db/connect";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { notFound } from "#server/lib/errors";
import { defuse } from "#server/services/organiser/registrations-list";
import { textMatcher } from "#server/services/registration/registration-data";
import { requireRight } from "#server/services/team/permissions";
import { toPaymentJson } from "./payment-read";

function listQuery(db: Db) {
  return db
    .selectFrom("payments as p")
    .innerJoin("users as u", "u.id", "p.userId")
    .leftJoin("registrations as r", "r.id", "p.registrationId")
    .selectAll("p")
    .select(["u.firstName", "u.lastName", "u.email", "r.teamName"]);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["execute"]>>[number];

function toOrganiserJson(r: ListRow): OrganiserPaymentData {
  let teamName = r.teamName ?? null;
  if (!teamName) {
    try {
      teamName = (JSON.parse(r.details) as { teamName?: string | null }).teamName ?? null;
    } catch {
      teamName = null;
    }
  }
  return {
    ...toPaymentJson(r),
    payer: { userId: r.userId, firstName: r.firstName, lastName: r.lastName ?? "", email: r.email },
    teamName,
    registrationId: r.registrationId,
    per: r.per,
    hasScreenshot: !!r.screenshot,
    reason: r.reason,
    refundUpiId: r.refundUpiId,
    refundUtr: r.refundUtr,
    createdAt: r.createdAt,
  };
}

/** One payment as the organiser sees it, by id. */
export async function organiserPayment(db: Db, paymentId: string): Promise<OrganiserPaymentData> {
  const row = await listQuery(db).where("p.id", "=", paymentId).executeTakeFirst();
  if (!row) throw notFound(C.paymentNotFound);
  return toOrganiserJson(row);
}

const TOTAL_OF: Partial<Record<PaymentStatus, keyof PaymentTotals>> = {
  paid: "collected",
  pending: "pending",
  claimed: "claimed",
  "refund-due": "refundDue",
  refunded: "refunded",
};

/** In rupees, by status: `collected` is every payment now "paid", each once. */
export async function paymentTotals(db: Db, eventId: number): Promise<PaymentTotals> {
  const rows = await db
    .selectFrom("payments")
    .select((eb) => ["status", eb.fn.sum<number | string>("amount").as("sum")])
    .where("eventId", "=", eventId)
    .groupBy("status")
    .execute();
  const totals: PaymentTotals = { collected: 0, pending: 0, claimed: 0, refundDue: 0, refunded: 0 };
  for (const r of rows) {
    const key = TOTAL_OF[r.status];
    if (key) totals[key] = Number(r.sum ?? 0);
  }
  return totals;
}

/** GET /event/{n}/payments?status=&q=: the totals and the payments, newest created first. */
export async function listPayments(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
  query: Record<string, string | undefined>,
): Promise<PaymentsListData> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  const { status, q } = paymentsQuerySchema.parse(query);
  let items = listQuery(deps.db).where("p.eventId", "=", event.id);
  if (status) items = items.where("p.status", "=", status);
  if (q) {
    const m = textMatcher(q);
    const compact = q.replace(/\s+/g, "");
    const exact = textMatcher(compact);
    items = items.where((eb) =>
      eb.or([
        m.hasFullName("u.firstName", "u.lastName"),
        m.has("u.lastName"),
        exact.has("p.reference"),
        exact.has("p.utr"),
      ]),
    );
  }
  const [totals, rows] = await Promise.all([
    paymentTotals(deps.db, event.id),
    items.orderBy("p.createdAt", "desc").orderBy("p.id", "desc").execute(),
  ]);
  return { totals, items: rows.map(toOrganiserJson) };
}

const CSV_HEADERS = [
  "Reference",
  "Status",
  "Amount (₹)",
  "First name",
  "Last name",
  "E-mail",
  "Team",
  "Registration id",
  "UTR",
  "Created at (UTC)",
  "Claimed at (UTC)",
  "Paid at (UTC)",
  "Receipt number",
  "Reason",
  "Refund UPI ID",
  "Refund UTR",
  "Refunded at (UTC)",
];

/**
 * GET /event/{n}/payments.csv: every payment, newest first, streamed a batch at a time (UTF-8 with
 * a byte-order mark); a cell a spreadsheet would run as a formula is defused as the registrations
 * CSV does it.
 */
export async function paymentsCsv(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
): Promise<{ stream: ReadableStream<Uint8Array>; filename: string }> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  async function* rows() {
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      let query = listQuery(deps.db).where("p.eventId", "=", event.id);
      if (after) {
        const { createdAt, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb("p.createdAt", "<", createdAt),
            eb.and([eb("p.createdAt", "=", createdAt), eb("p.id", "<", id)]),
          ]),
        );
      }
      const batch = await query
        .orderBy("p.createdAt", "desc")
        .orderBy("p.id", "desc")
        .limit(1000)
        .execute();
      for (const r of batch) {
        const p = toOrganiserJson(r);
        yield [
          p.reference,
          p.status,
          String(p.amount),
          p.payer.firstName,
          p.payer.lastName,
          p.payer.email,
          p.teamName ?? "",
          p.registrationId,
          p.utr ?? "",
          p.createdAt,
          p.claimedAt ?? "",
          p.paidAt ?? "",
          p.receiptNumber ?? "",
          p.reason ?? "",
          p.refundUpiId ?? "",
          p.refundUtr ?? "",
          r.refundedAt ?? "",
        ].map(defuse);
      }
      if (batch.length < 1000) return;
      const last = batch[batch.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  const csv = Readable.from(rows()).pipe(
    stringify({ bom: true, header: true, columns: CSV_HEADERS }),
  );
  return {
    stream: Readable.toWeb(csv) as unknown as ReadableStream<Uint8Array>,
    filename: `utsav-${event.eventNumber}-payments.csv`,
  };
}

/** GET /event/{n}/payments/{paymentId}/screenshot: the payer's screenshot, to the organisers only. */
export async function paymentScreenshot(
  deps: Pick<Deps, "db" | "storage">,
  user: UserRow | null,
  eventNumber: string,
  paymentId: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const { event } = await requireRight(deps, user, eventNumber, "organise");
  const row = await deps.db
    .selectFrom("payments as p")
    .innerJoin("uploads as f", "f.key", "p.screenshot")
    .select(["f.key", "f.contentType"])
    .where("p.id", "=", paymentId)
    .where("p.eventId", "=", event.id)
    .executeTakeFirst();
  const bytes = row ? await deps.storage.get(row.key) : null;
  if (!row || !bytes) throw notFound("No screenshot");
  return { bytes, contentType: row.contentType };
}
