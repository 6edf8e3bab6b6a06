/** How the Coupons section words a coupon; plain functions, safe in the browser bundle. */
import type { CouponData } from "#server/contracts/payments";
import { formatRupees } from "#app/components/events/format";

/** "50 %" off, or "₹100" off. */
export function discountWords(c: Pick<CouponData, "kind" | "value">): string {
  return c.kind === "percent" ? `${c.value} %` : formatRupees(c.value);
}

/** "3 of 10", or "3 (no limit)". */
export function usesWords(c: Pick<CouponData, "uses" | "maxUses">): string {
  return c.maxUses === null ? `${c.uses} (no limit)` : `${c.uses} of ${c.maxUses}`;
}

/** 'Disabled', 'Expired', 'Used up' or 'Active', in that order of precedence. */
export function couponStatus(
  c: Pick<CouponData, "disabled" | "validUntil" | "uses" | "maxUses">,
  now: number,
): "Disabled" | "Expired" | "Used up" | "Active" {
  if (c.disabled) return "Disabled";
  if (c.validUntil && Date.parse(c.validUntil) < now) return "Expired";
  if (c.maxUses !== null && c.uses >= c.maxUses) return "Used up";
  return "Active";
}
