/** Coupons (SPEC-4 §1): made and disabled by the owner and admins, used when a place is taken. */
import { fromISTInput } from "#server/contracts/dates";
import { type CouponData, couponSchema, PAYMENT_MESSAGES as M } from "#server/contracts/payments";
import { dropEmpty } from "#server/contracts/user";
import type { Db } from "#server/db/connect";
import { constraintViolation } from "#server/db/errors";
import type { CouponRow, EventRow, PaymentRow, UserRow } from "#server/db/schema";
import { newId } from "#server/lib/crypto";
import type { Deps } from "#server/lib/deps";
import { badRequest, conflict, notFound, parseBody } from "#server/lib/errors";
import { recordActivity } from "#server/services/team/activity";
import { requireRight } from "#server/services/team/permissions";

export function toCouponJson(c: CouponRow): CouponData {
  return {
    _id: c.id,
    code: c.code,
    kind: c.kind,
    value: c.value,
    maxUses: c.maxUses,
    uses: c.uses,
    validUntil: c.validUntil,
    disabled: c.disabledAt !== null,
    createdAt: c.createdAt,
  };
}

/** GET /event/{n}/coupons. */
export async function listCoupons(
  deps: Pick<Deps, "db">,
  user: UserRow | null,
  eventNumber: string,
): Promise<CouponData[]> {
  const { event } = await requireRight(deps, user, eventNumber, "event.edit");
  const rows = await deps.db
    .selectFrom("coupons")
    .selectAll()
    .where("eventId", "=", event.id)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toCouponJson);
}

/** POST /event/{n}/coupons: 201 with the coupon; a code unique in the event, whatever its case. */
export async function createCoupon(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow | null,
  eventNumber: string,
  readBody: () => Promise<Record<string, unknown>>,
): Promise<CouponData> {
  const access = await requireRight(deps, user, eventNumber, "event.edit");
  const { event } = access;
  const raw = dropEmpty(await readBody()) as Record<string, unknown>;
  for (const k of ["value", "maxUses"])
    if (typeof raw[k] === "string" && /^\d+$/.test(raw[k] as string)) raw[k] = Number(raw[k]);
  const input = parseBody(couponSchema, raw);
  const top = input.kind === "percent" ? 100 : event.fee;
  if (input.value > top) throw badRequest(M.discountInvalid, { value: [M.discountInvalid] });
  const validUntil = input.validUntil ? fromISTInput(input.validUntil) : null;
  if (input.validUntil && !validUntil)
    throw badRequest(M.validUntilInvalid, { validUntil: [M.validUntilInvalid] });
  const row = {
    id: newId(),
    eventId: event.id,
    code: input.code,
    codeKey: input.code.toLowerCase(),
    kind: input.kind,
    value: input.value,
    maxUses: input.maxUses ?? null,
    validUntil,
    disabledAt: null,
    createdAt: deps.clock.now().toISOString(),
  };
  await deps.db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("coupons").values(row).execute();
      const off = input.kind === "percent" ? `${input.value}%` : `₹${input.value}`;
      await recordActivity(
        trx,
        deps,
        access,
        "coupon.created",
        `made the coupon ${row.code} (${off} off)`,
      );
    })
    .catch((err) => {
      if (constraintViolation(err)?.kind === "unique")
        throw badRequest(M.codeTaken, { code: [M.codeTaken] });
      throw err;
    });
  return toCouponJson({ ...row, uses: 0 });
}

/** POST /event/{n}/coupons/{couponId}/disable: no new uses; those counted stay. */
export async function disableCoupon(
  deps: Pick<Deps, "db" | "clock">,
  user: UserRow | null,
  eventNumber: string,
  couponId: string,
): Promise<CouponData> {
  const access = await requireRight(deps, user, eventNumber, "event.edit");
  const { event } = access;
  await deps.db.transaction().execute(async (trx) => {
    const disabled = await trx
      .updateTable("coupons")
      .set({ disabledAt: deps.clock.now().toISOString() })
      .where("id", "=", couponId)
      .where("eventId", "=", event.id)
      .where("disabledAt", "is", null)
      .returning("code")
      .executeTakeFirst();
    if (disabled)
      await recordActivity(
        trx,
        deps,
        access,
        "coupon.disabled",
        `disabled the coupon ${disabled.code}`,
      );
  });
  const row = await deps.db
    .selectFrom("coupons")
    .selectAll()
    .where("id", "=", couponId)
    .where("eventId", "=", event.id)
    .executeTakeFirst();
  if (!row) throw notFound(M.couponNotFound);
  return toCouponJson(row);
}

/**
 * The coupon a registrant typed, checked before the write: 400 'Invalid coupon' (unknown or
 * disabled), 409 'This coupon has expired', 409 'This coupon has been used up' (as it reads now;
 * the use itself is counted by `countUse` in the registering transaction).
 */
export async function couponFor(
  db: Db,
  event: EventRow,
  code: string,
  now: Date,
): Promise<CouponRow> {
  const row = await db
    .selectFrom("coupons")
    .selectAll()
    .where("eventId", "=", event.id)
    .where("codeKey", "=", code.trim().toLowerCase())
    .executeTakeFirst();
  if (!row || row.disabledAt) throw badRequest(M.couponInvalid, { coupon: [M.couponInvalid] });
  if (row.validUntil && Date.parse(row.validUntil) < now.getTime()) throw conflict(M.couponExpired);
  if (row.maxUses !== null && row.uses >= row.maxUses) throw conflict(M.couponUsedUp);
  return row;
}

/** Counts one use, only while there is one left (the guarded update holds `maxUses`). */
export async function countUse(trx: Db, couponId: string): Promise<void> {
  const counted = await trx
    .updateTable("coupons")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", couponId)
    .where("disabledAt", "is", null)
    .where((eb) => eb.or([eb("maxUses", "is", null), eb("uses", "<", eb.ref("maxUses"))]))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) throw conflict(M.couponUsedUp);
}

/** Gives a payment's use back (its place went before it was paid), once. */
export async function giveBackUse(trx: Db, payment: Pick<PaymentRow, "id" | "couponId">) {
  if (!payment.couponId) return;
  const released = await trx
    .updateTable("payments")
    .set({ couponHeld: 0 })
    .where("id", "=", payment.id)
    .where("couponHeld", "=", 1)
    .executeTakeFirst();
  if (Number(released.numUpdatedRows) === 0) return;
  await trx
    .updateTable("coupons")
    .set((eb) => ({ uses: eb("uses", "-", 1) }))
    .where("id", "=", payment.couponId)
    .where("uses", ">", 0)
    .execute();
}

/**
 * A late claim takes its released place again (SPEC-4 §2): the coupon's use given back at the
 * release is counted again, in the claim's transaction (payment, then coupon, then event: the
 * order releasing takes). The amount was fixed when the payment was made and never changes here.
 * So when the coupon is used up by then, the place is still taken at the payment's amount and the
 * use is not counted (uses never pass `maxUses`); `couponHeld` stays 0, so a later release gives
 * nothing back. A coupon disabled or past `validUntil` since still counts: the use was granted
 * when the place was first taken, and disabling only stops new uses.
 */
export async function countUseAgain(trx: Db, payment: Pick<PaymentRow, "id" | "couponId">) {
  if (!payment.couponId) return;
  const marked = await trx
    .updateTable("payments")
    .set({ couponHeld: 1 })
    .where("id", "=", payment.id)
    .where("couponHeld", "=", 0)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return;
  const counted = await trx
    .updateTable("coupons")
    .set((eb) => ({ uses: eb("uses", "+", 1) }))
    .where("id", "=", payment.couponId)
    .where((eb) => eb.or([eb("maxUses", "is", null), eb("uses", "<", eb.ref("maxUses"))]))
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0)
    await trx.updateTable("payments").set({ couponHeld: 0 }).where("id", "=", payment.id).execute();
}
