import { describe, expect, it } from "vitest";
import { couponStatus, discountWords, usesWords } from "./coupon-words";

describe("coupon words (SPEC-4 §1's Coupons section)", () => {
  const now = Date.parse("2026-11-29T06:00:00.000Z");
  const coupon = { disabled: false, validUntil: null, uses: 0, maxUses: null };

  it("a discount as a percentage or in rupees with Indian grouping", () => {
    expect(discountWords({ kind: "percent", value: 50 })).toBe("50 %");
    expect(discountWords({ kind: "amount", value: 1299 })).toBe("₹1,299");
  });

  it("uses of the limit, or no limit", () => {
    expect(usesWords({ uses: 3, maxUses: 10 })).toBe("3 of 10");
    expect(usesWords({ uses: 3, maxUses: null })).toBe("3 (no limit)");
  });

  it("status: disabled before expired before used up", () => {
    expect(couponStatus(coupon, now)).toBe("Active");
    expect(couponStatus({ ...coupon, uses: 2, maxUses: 2 }, now)).toBe("Used up");
    const past = { ...coupon, uses: 2, maxUses: 2, validUntil: "2026-11-29T05:59:00.000Z" };
    expect(couponStatus(past, now)).toBe("Expired");
    expect(couponStatus({ ...past, disabled: true }, now)).toBe("Disabled");
    expect(couponStatus({ ...coupon, validUntil: "2026-11-29T06:01:00.000Z" }, now)).toBe("Active");
  });
});
