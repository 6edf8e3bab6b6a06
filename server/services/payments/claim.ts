/**
 * POST /event/{n}/payment/claim (SPEC-4 §2): the payer says they paid, with the UTR (and maybe a
 * screenshot). Every field is checked before anything changes. A claim changes the payment only
 * from the state it read, in one guarded update, so an expiry racing it has one winner; a UTR
 * names one payment per UPI ID (a unique key), whatever runs at once.
 */
import {
  claimSchema,
  type MyPaymentData,
  PAYMENT_MESSAGES as M,
  SCREENSHOT_MAX_BYTES,
} from "#server/contracts/payments";
import { dropEmpty } from "#server/contracts/user";
import { constraintViolation } from "#server/db/errors";
import type { EventRow, PaymentRow, PaymentStatus, UserRow } from "#server/db/schema";
import type { Deps } from "#server/lib/deps";
import { ApiError, badRequest, conflict, type FieldErrors, notFound } from "#server/lib/errors";
import { visibleEvent } from "#server/services/team/permissions";
import { readScreenshot, storeScreenshot } from "#server/services/uploads/uploads";
import { latestPaymentOf, withLink } from "./payment-read";
import { takePlaceAgain } from "./retake";

type ClaimDeps = Pick<Deps, "db" | "clock" | "storage">;
type Shot = NonNullable<Awaited<ReturnType<typeof readScreenshot>>>;

/** The UTR and screenshot, both checked, with every message at once (400) when either is wrong. */
async function readClaim(
  body: Record<string, unknown>,
): Promise<{ utr: string; shot: Shot | null }> {
  const errors: FieldErrors = {};
  const parsed = claimSchema.safeParse(dropEmpty(body));
  if (!parsed.success) errors.utr = [M.utrInvalid];
  const raw = Array.isArray(body.screenshot) ? body.screenshot.at(-1) : body.screenshot;
  let shot: Shot | null = null;
  const given = raw instanceof File ? raw.size > 0 || !!raw.name : !!raw;
  if (given) {
    shot = raw instanceof File ? await readScreenshot(raw, SCREENSHOT_MAX_BYTES) : null;
    if (!shot) errors.screenshot = [M.screenshotInvalid];
  }
  const first = Object.values(errors)[0];
  if (first || !parsed.success) throw badRequest(first?.[0] ?? M.utrInvalid, errors);
  return { utr: parsed.data.utr, shot };
}

function refuseByStatus(status: PaymentStatus): void {
  if (status === "paid") throw conflict(M.alreadyConfirmed);
  if (status === "refunded" || status === "refund-due") throw conflict(M.refunded);
}

const utrTaken = (err: unknown): never => {
  if (constraintViolation(err)?.kind === "unique") throw conflict(M.utrUsed);
  throw err;
};

export async function claimPayment(
  deps: ClaimDeps,
  user: UserRow,
  eventNumber: string,
  body: Record<string, unknown>,
): Promise<MyPaymentData> {
  const event = await visibleEvent(deps, eventNumber, user);
  const { utr, shot } = await readClaim(body);
  const row = await latestPaymentOf(deps.db, event.id, user.id);
  if (!row) throw notFound(M.nothingToPay);
  refuseByStatus(row.status);
  const used = await deps.db
    .selectFrom("payments")
    .select("id")
    .where("upiId", "=", row.upiId)
    .where("utr", "=", utr)
    .where("id", "!=", row.id)
    .executeTakeFirst();
  if (used) throw conflict(M.utrUsed);
  const screenshot = shot ? await storeScreenshot(deps, shot) : row.screenshot;
  const now = deps.clock.now().toISOString();
  const patch = { utr, screenshot, claimedAt: now, updatedAt: now };
  // Pending or claimed: claimed now (again: the new UTR replaces the old). Lost to an expiry or a
  // confirmation in between: read again and go on from the state it is in now.
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = attempt === 0 ? row : await reread(deps, row.id);
    refuseByStatus(current.status);
    if (current.status === "pending" || current.status === "claimed") {
      const moved = await deps.db
        .updateTable("payments")
        .set({ ...patch, status: "claimed" })
        .where("id", "=", row.id)
        .where("status", "=", current.status)
        .executeTakeFirst()
        .catch(utrTaken);
      if (Number(moved.numUpdatedRows) > 0) return withLink(await reread(deps, row.id), event);
      continue;
    }
    await claimReleased(deps, event, current, patch);
    return withLink(await reread(deps, row.id), event);
  }
  throw conflict(M.alreadyConfirmed);
}

async function reread(deps: ClaimDeps, id: string): Promise<PaymentRow> {
  return deps.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/**
 * A claim on a payment whose place was released (expired or rejected): it takes the place again
 * as "claimed" if the event still has room and is open (its coupon's use counted again when the
 * coupon has one left: `takePlaceAgain`); otherwise it is "refund-due".
 */
async function claimReleased(
  deps: ClaimDeps,
  event: EventRow,
  payment: PaymentRow,
  patch: { utr: string; screenshot: string | null; claimedAt: string; updatedAt: string },
): Promise<void> {
  const from = payment.status;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("payments")
        .set({ ...patch, status: "claimed" })
        .where("id", "=", payment.id)
        .where("status", "=", from)
        .executeTakeFirst()
        .catch(utrTaken);
      if (Number(moved.numUpdatedRows) === 0) throw conflict(M.alreadyConfirmed);
      await takePlaceAgain(trx, deps, event, payment);
    });
    return;
  } catch (err) {
    if (!(err instanceof ApiError) || err.message === M.utrUsed) throw err;
    if (err.message === M.alreadyConfirmed) return;
  }
  await deps.db
    .updateTable("payments")
    .set({ ...patch, status: "refund-due" })
    .where("id", "=", payment.id)
    .where("status", "=", from)
    .execute()
    .catch(utrTaken);
}
