import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { fixedClock } from "#server/lib/clock";
import { mailerFor } from "#server/lib/deps";
import { REFERENCE_PREFIX } from "#server/contracts/payments";
import { JOIN_CODE_ALPHABET } from "#server/contracts/registration-fields";
import { IMPORT_CHUNK, importStatementBytes } from "#server/services/payments/statement-import";
import { APP_URL, engines, freshDb } from "#tests/helpers/api";
import { insertEvent } from "#tests/helpers/events";
import { PAID, statement } from "#tests/helpers/payments";
import { createUserWithSession } from "#tests/helpers/users";

const COLUMNS = { dateColumn: "Date", amountColumn: "Amount", narrationColumn: "Narration" };
const PAYMENTS = 4000;
/** Payment k's reference, distinct for each k: 4,000 random ones collide about once in 150 runs. */
const referenceOf = (k: number) =>
  REFERENCE_PREFIX +
  Array.from({ length: 6 }, (_, d) => JOIN_CODE_ALPHABET[Math.floor(k / 32 ** d) % 32]).join("");
const NOISE = 6000;

/**
 * SPEC-4 §3: an import killed half-way (SIGKILL, another process) leaves whole chunks; importing
 * the file again completes it with nothing counted twice.
 */
describe.each(engines)("a statement import killed half-way on %s", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let dataDir: string;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-kill-"));
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
      env.SQLITE_PATH = path.join(dataDir, "utsav.db");
      db = connectDb({ sqlitePath: env.SQLITE_PATH, waitMs: 5000 });
      await migrateToLatest(db);
      drop = () => db.destroy();
    }
  }, 180_000);

  afterAll(async () => {
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("SIGKILL mid-import leaves whole chunks; the next import completes it, each payment paid once", async () => {
    const clock = fixedClock("2026-11-28T06:30:00.000Z");
    const config = readConfig({ NODE_ENV: "test", APP_URL });
    const deps = { db, clock, config, mail: mailerFor(clock) };
    const org = await createUserWithSession(deps, { firstName: "Org" });
    const payer = await createUserWithSession(deps, { firstName: "Payer" });
    const event = await insertEvent(deps, org.user.id, { ...PAID, capacity: PAYMENTS + 10 });
    const at = clock.now().toISOString();
    const utrs: string[] = [];
    for (let i = 0; i < PAYMENTS; i += 500) {
      const rows = Array.from({ length: Math.min(500, PAYMENTS - i) }, (_, j) => {
        const utr = String(300_000_000_000 + i + j);
        utrs.push(utr);
        return {
          id: `kill-${i + j}`,
          eventId: event.id,
          registrationId: `kill-reg-${i + j}`,
          userId: payer.user.id,
          per: "registration" as const,
          reference: referenceOf(i + j),
          amount: 299,
          status: "claimed" as const,
          upiId: PAID.upiId,
          payeeName: PAID.payeeName,
          holdUntil: at,
          couponId: null,
          details: "{}",
          utr,
          claimedAt: at,
          createdAt: at,
          updatedAt: at,
        };
      });
      await db.insertInto("payments").values(rows).execute();
    }
    // Payments' lines and noise, interleaved: every chunk has both.
    const lines: [string, string, string][] = [];
    let next = 0;
    for (let i = 0; i < PAYMENTS + NOISE; i++)
      lines.push(
        i % 5 < 2 && next < PAYMENTS
          ? ["27/11/2026", `UPI-PAYER-${utrs[next++]}-FEE`, "299.00"]
          : ["27/11/2026", `NEFT-OTHER-${i}`, "1,000.00"],
      );
    while (next < PAYMENTS) lines.push(["28/11/2026", `UPI-PAYER-${utrs[next++]}-FEE`, "299"]);
    const csvPath = path.join(dataDir, "statement.csv");
    writeFileSync(csvPath, statement(lines));

    const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/import-child.ts"], {
      env: { ...process.env, ...env, EVENT_NUMBER: event.eventNumber, CSV_PATH: csvPath },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr!.on("data", (d) => (output += d));
    const exited = new Promise((r) => child.once("exit", r));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (d) => {
        output += d;
        if ((output.match(/^chunk /gm) ?? []).length >= 2) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.once("exit", () =>
        reject(new Error(`the import ended before it was killed:\n${output}`)),
      );
    });
    await exited;
    const kept = Number(
      (
        await db
          .selectFrom("statementLines")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("eventId", "=", event.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(kept).toBeGreaterThanOrEqual(2 * IMPORT_CHUNK);
    expect(kept).toBeLessThan(lines.length);
    expect(kept % IMPORT_CHUNK).toBe(0);
    const paidBefore = await db
      .selectFrom("payments")
      .select("receiptNumber")
      .where("eventId", "=", event.id)
      .where("status", "=", "paid")
      .execute();
    const receiptsBefore = Number(
      (
        await db
          .selectFrom("events")
          .select("receiptCounter")
          .where("id", "=", event.id)
          .executeTakeFirstOrThrow()
      ).receiptCounter,
    );
    // Whole chunks: every paid payment has its receipt, and the counter says exactly as many.
    expect(receiptsBefore).toBe(paidBefore.length);
    expect(paidBefore.every((p) => p.receiptNumber)).toBe(true);

    const access = { event, user: org.user, role: "owner" as const };
    const bytes = new TextEncoder().encode(statement(lines));
    const again = await importStatementBytes(deps, access, bytes, COLUMNS);
    expect(again.lines).toBe(lines.length);
    expect(again.duplicates).toBe(kept);
    expect(again.matched).toBe(PAYMENTS - paidBefore.length);
    expect(again.matched + again.duplicates + again.unmatched.length).toBe(lines.length);
    const paid = await db
      .selectFrom("payments")
      .select(["receiptNumber", "amount"])
      .where("eventId", "=", event.id)
      .where("status", "=", "paid")
      .execute();
    expect(paid).toHaveLength(PAYMENTS);
    const numbers = paid.map((p) => Number(p.receiptNumber!.split("-")[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: PAYMENTS }, (_, i) => i + 1));
    const third = await importStatementBytes(deps, access, bytes, COLUMNS);
    expect(third).toMatchObject({ matched: 0, duplicates: lines.length, unmatched: [] });
  }, 300_000);
});
