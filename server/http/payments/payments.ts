import { Hono } from "hono";
import { type ApiEnv, readInput, requireApiUser } from "#server/http/context";
import { claimPayment } from "#server/services/payments/claim";
import { createCoupon, disableCoupon, listCoupons } from "#server/services/payments/coupons";
import { myPayment } from "#server/services/payments/payment-read";
import { myReceipt } from "#server/services/payments/receipt-pdf";

/**
 * /api/v1/event/{n}/… calls of SPEC-4 §1 (coupons), §2 (the payer's payment and claim) and §3
 * (the payer's receipt).
 */
export function paymentRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/:eventNumber/coupons", async (c) => {
    const user = requireApiUser(c);
    return c.json(await listCoupons(c.get("deps"), user, c.req.param("eventNumber")));
  });

  routes.post("/:eventNumber/coupons", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n } = c.req.param();
    // The body is read after the rights check: a refused caller gets 403 whatever it sent.
    return c.json(await createCoupon(c.get("deps"), user, n, () => readInput(c)), 201);
  });

  routes.post("/:eventNumber/coupons/:couponId/disable", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, couponId } = c.req.param();
    return c.json(await disableCoupon(c.get("deps"), user, n, couponId));
  });

  routes.get("/:eventNumber/payment", async (c) => {
    const user = requireApiUser(c);
    return c.json(await myPayment(c.get("deps"), user, c.req.param("eventNumber")));
  });

  // A JSON body, or multipart when a screenshot is attached.
  routes.post("/:eventNumber/payment/claim", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n } = c.req.param();
    return c.json(await claimPayment(c.get("deps"), user, n, await readInput(c)));
  });

  // The receipt of the caller's paid payment, as a PDF to download.
  routes.get("/:eventNumber/receipt", async (c) => {
    const user = requireApiUser(c);
    const file = await myReceipt(c.get("deps"), user, c.req.param("eventNumber"));
    return c.body(new Uint8Array(file.content), 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    });
  });

  return routes;
}
