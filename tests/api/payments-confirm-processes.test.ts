import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { systemClock } from "#server/lib/clock";
import { mailerFor } from "#server/lib/deps";
import { newReference } from "#server/services/payments/payment-write";
import { APP_URL, engines, freshDb } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { PAID } from "#tests/helpers/payments";
import { type ApiProcess, startApiProcess } from "#tests/helpers/processes";
import { createUserWithSession } from "#tests/helpers/users";

const PAYMENTS = 40;

/**
 * SPEC-4 §3's receipt numbers with two backend processes on one database: every payment confirmed
 * through both at once gets one number, and the numbers run 1..N without gaps or repeats.
 */
describe.each(engines)("receipt numbers with two processes on %s", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let dataDir: string;
  let env: Record<string, string>;
  let procs: ApiProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-receipts-"));
    env = { DATA_DIR: dataDir, APP_URL };
    if (engine === "postgres") {
      const fresh = await freshDb("postgres");
      db = fresh.db;
      drop = fresh.drop;
      const name = await db
        .selectNoFrom((eb) => eb.fn<string>("current_database", []).as("n"))
        .executeTakeFirstOrThrow();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name.n}`;
      env.DATABASE_URL = url.toString();
    } else {
      db = connectDb({ sqlitePath: path.join(dataDir, "utsav.db") });
      await migrateToLatest(db);
      drop = () => db.destroy();
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("each payment confirmed through both processes at once: one number each, 1..N", async () => {
    const config = readConfig({ NODE_ENV: "test", APP_URL });
    const deps = { db, clock: systemClock, config, mail: mailerFor(systemClock) };
    const org = await createUserWithSession(deps, { firstName: "Org" });
    const payer = await createUserWithSession(deps, { firstName: "Payer" });
    const event = await insertEvent(deps, org.user.id, { ...PAID, capacity: 100 });
    const at = new Date().toISOString();
    const ids = Array.from({ length: PAYMENTS }, (_, i) => `two-${i}`);
    await db
      .insertInto("payments")
      .values(
        ids.map((id, i) => ({
          id,
          eventId: event.id,
          registrationId: `two-reg-${i}`,
          userId: payer.user.id,
          per: "registration" as const,
          reference: newReference(),
          amount: 299,
          status: "claimed" as const,
          upiId: PAID.upiId,
          payeeName: PAID.payeeName,
          holdUntil: at,
          couponId: null,
          details: "{}",
          utr: String(500_000_000_000 + i),
          claimedAt: at,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
    procs = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    const confirm = (proc: ApiProcess, id: string) =>
      fetch(`${proc.url}/api/v1/event/${event.eventNumber}/payments/${id}/confirm`, {
        method: "POST",
        headers: { Cookie: org.cookie, Origin: APP_URL },
      });
    const res = await Promise.all(ids.flatMap((id) => procs.map((p) => confirm(p, id))));
    const statuses = res.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PAYMENTS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(PAYMENTS);
    const rows = await db
      .selectFrom("payments")
      .select(["status", "receiptNumber"])
      .where("eventId", "=", event.id)
      .execute();
    expect(rows.every((r) => r.status === "paid")).toBe(true);
    const numbers = rows.map((r) => Number(r.receiptNumber!.split("-")[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: PAYMENTS }, (_, i) => i + 1));
    const after = await db
      .selectFrom("events")
      .select("receiptCounter")
      .where("id", "=", event.id)
      .executeTakeFirstOrThrow();
    expect(after.receiptCounter).toBe(PAYMENTS);
  }, 240_000);
});
