import { Hono } from "hono";
import { type ApiEnv, readInput, readSearch, requireApiUser } from "#server/http/context";
import {
  cancelPaid,
  confirmPayment,
  refundPayment,
  rejectPayment,
} from "#server/services/payments/confirm";
import {
  listPayments,
  paymentScreenshot,
  paymentsCsv,
} from "#server/services/payments/payments-list";
import {
  assignLine,
  importStatement,
  listStatementLines,
  previewStatement,
} from "#server/services/payments/statement-import";

/**
 * /api/v1/event/{n}/… calls of SPEC-4 §3: the organiser's payments (list, CSV, confirm, reject,
 * refund, the bank-statement import and assigning its lines) and the payer's cancellation. Bodies
 * are read after the rights check: a refused caller gets 403 whatever it sent.
 */
export function paymentConfirmRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/:eventNumber/payments", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n } = c.req.param();
    // `q` as every search within an event reads it: a NUL would be a 500 from PostgreSQL.
    const query = { status: c.req.query("status"), q: readSearch(c) };
    return c.json(await listPayments(c.get("deps"), user, n, query));
  });

  routes.get("/:eventNumber/payments.csv", async (c) => {
    const user = requireApiUser(c);
    const { stream, filename } = await paymentsCsv(c.get("deps"), user, c.req.param("eventNumber"));
    return new Response(stream, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });

  routes.get("/:eventNumber/payments/lines", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n } = c.req.param();
    return c.json(await listStatementLines(c.get("deps"), user, n, c.req.query("kind")));
  });

  routes.post("/:eventNumber/payments/import/preview", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n } = c.req.param();
    return c.json(await previewStatement(c.get("deps"), user, n, () => readInput(c)));
  });

  routes.post("/:eventNumber/payments/import", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n } = c.req.param();
    return c.json(await importStatement(c.get("deps"), user, n, () => readInput(c)));
  });

  routes.post("/:eventNumber/payments/lines/:lineId/assign", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, lineId } = c.req.param();
    return c.json(await assignLine(c.get("deps"), user, n, lineId, () => readInput(c)));
  });

  routes.get("/:eventNumber/payments/:paymentId/screenshot", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, paymentId } = c.req.param();
    const shot = await paymentScreenshot(c.get("deps"), user, n, paymentId);
    return new Response(Buffer.from(shot.bytes), {
      headers: {
        "Content-Type": shot.contentType,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });

  routes.post("/:eventNumber/payments/:paymentId/confirm", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, paymentId } = c.req.param();
    return c.json(await confirmPayment(c.get("deps"), user, n, paymentId));
  });

  routes.post("/:eventNumber/payments/:paymentId/reject", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, paymentId } = c.req.param();
    return c.json(await rejectPayment(c.get("deps"), user, n, paymentId, () => readInput(c)));
  });

  routes.post("/:eventNumber/payments/:paymentId/refund", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n, paymentId } = c.req.param();
    return c.json(await refundPayment(c.get("deps"), user, n, paymentId, () => readInput(c)));
  });

  routes.post("/:eventNumber/cancel-paid", async (c) => {
    const user = requireApiUser(c);
    const { eventNumber: n } = c.req.param();
    return c.json(await cancelPaid(c.get("deps"), user, n, await readInput(c)));
  });

  return routes;
}
