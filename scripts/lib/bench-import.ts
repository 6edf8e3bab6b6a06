import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { fixedClock } from "#server/lib/clock";
import { mailerFor } from "#server/lib/deps";
import { newReference } from "#server/services/payments/payment-write";
import { importStatementBytes } from "#server/services/payments/statement-import";
import { insertPublishedEvent, registerIndividuals } from "./bench-registrations";

const DAY = 86_400_000;
const COLUMNS = { dateColumn: "Date", amountColumn: "Amount", narrationColumn: "Narration" };

async function insertMany<T>(db: Db, table: string, rows: T[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table as any)
      .values(rows.slice(i, i + 500) as any)
      .execute();
}

/**
 * The statement-import run of `npm run bench` (SPEC-4 §6): `payments` claimed payments (each a
 * held place of its own), a statement of `lines` lines naming each of them by its UTR among other
 * credits, imported once (time, the process's RSS growth at its peak), then again (nothing
 * changes). The import runs in this process, as the route would, without HTTP.
 */
export async function importRun(
  engine: "sqlite" | "postgres",
  payments: number,
  lines: number,
  pgUrl?: string,
): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-bench-import-"));
  const db =
    engine === "postgres"
      ? connectDb({ databaseUrl: pgUrl!, poolSize: 4 })
      : connectDb({ sqlitePath: path.join(dir, "utsav.db") });
  try {
    await migrateToLatest(db);
    const clock = fixedClock("2026-11-28T06:30:00.000Z");
    const now = clock.now().toISOString();
    const config = readConfig({
      NODE_ENV: "test",
      APP_URL: "https://utsav.example",
      DATA_DIR: dir,
    });
    const deps = { db, clock, config, mail: mailerFor(clock) };
    const ids = Array.from({ length: payments + 1 }, () => randomBytes(12).toString("hex"));
    const [owner, ...payers] = ids;
    await insertMany(
      db,
      "users",
      ids.map((id, i) => ({
        id,
        email: `i.${id}@example.com`,
        emailVerifiedAt: now,
        firstName: i === 0 ? "Owner" : `Payer${i}`,
        lastName: "Bench",
        createdAt: now,
        updatedAt: now,
      })),
    );
    const eventId = await insertPublishedEvent(db, now, {
      eventNumber: "90301",
      madeBy: owner,
      eventName: "Bench Fest",
      eventType: "Cultural",
      organisationName: "Bench College",
      modeOfEvent: "Offline",
      participationType: "individual",
      startDate: new Date(clock.now().getTime() - DAY).toISOString(),
      endDate: new Date(clock.now().getTime() + 5 * DAY).toISOString(),
      capacity: payments + 100,
      registrationCount: payments,
      fee: 299,
      upiId: "bench.fest@okaxis",
      payeeName: "Bench Fest Club",
    });
    const utrs = payers.map((_, i) => String(600_000_000_000 + i));
    // Each payer's place, held (registered as the benches seed crowds, then marked held).
    for (let i = 0; i < payers.length; i += 500) {
      const batch = payers
        .slice(i, i + 500)
        .map((userId, k) => ({ userId, registrationId: `r${i + k}` }));
      await db.transaction().execute(async (trx) => {
        await registerIndividuals(trx, eventId, batch, "Bench College", now);
        const ids = batch.map((b) => b.registrationId);
        await trx.updateTable("registrations").set({ held: 1 }).where("id", "in", ids).execute();
        await trx
          .updateTable("registrationMembers")
          .set({ held: 1 })
          .where("registrationId", "in", ids)
          .execute();
      });
    }
    await insertMany(
      db,
      "payments",
      payers.map((userId, i) => ({
        id: `p${i}`,
        eventId,
        registrationId: `r${i}`,
        userId,
        per: "registration",
        reference: newReference(),
        amount: 299,
        status: "claimed",
        upiId: "bench.fest@okaxis",
        payeeName: "Bench Fest Club",
        holdUntil: now,
        couponId: null,
        details: "{}",
        utr: utrs[i],
        claimedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    );
    // Every fifth line names a payment by its UTR; the others are other credits (and a few debits).
    const rows = ["Date,Narration,Reference,Amount"];
    let next = 0;
    for (let i = 0; i < lines; i++) {
      const day = `${String(1 + (i % 28)).padStart(2, "0")}/11/2026`;
      if (i % 5 === 0 && next < payments) {
        rows.push(`${day},UPI-PAYER ${next}-OKAXIS-${utrs[next]}-FEE,${utrs[next]},299.00`);
        next++;
      } else if (i % 50 === 1) rows.push(`${day},NEFT DR-VENDOR ${i},N${i},"1,500.00 DR"`);
      else
        rows.push(
          `${day},UPI-SOMEONE ${i}-OKSBI-${700_000_000_000 + i}-OTHER,R${i},"1,${String(i % 1000).padStart(3, "0")}.00"`,
        );
    }
    while (next < payments) rows.push(`28/11/2026,UPI-LATE-${utrs[next]},${utrs[next++]},299`);
    const bytes = new TextEncoder().encode(rows.join("\n"));
    const event = await db
      .selectFrom("events")
      .selectAll()
      .where("id", "=", eventId)
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", owner)
      .executeTakeFirstOrThrow();
    const access = { event, user, role: "owner" as const };

    const measure = async () => {
      global.gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const t0 = performance.now();
      const result = await importStatementBytes(deps, access, bytes, COLUMNS);
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { result, seconds, growthMb: (peak - base) / 1024 / 1024 };
    };
    const first = await measure();
    const second = await measure();
    const paid = await db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("eventId", "=", eventId)
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow();
    const goal = engine === "sqlite" ? 5 : 10;
    const name = engine === "sqlite" ? "SQLite" : "PostgreSQL";
    const r1 = first.result;
    const r2 = second.result;
    return [
      `Statement import (${name}): ${r1.lines.toLocaleString("en")} lines (${r1.credits.toLocaleString("en")} credits) against ${payments.toLocaleString("en")} claimed payments: ${first.seconds.toFixed(2)} s (goal < ${goal} s), RSS +${first.growthMb.toFixed(0)} MB at peak (goal < 200 MB); matched ${r1.matched}, unmatched ${r1.unmatched.length}, paid now ${Number(paid.n)}`,
      `  again: ${second.seconds.toFixed(2)} s, RSS +${second.growthMb.toFixed(0)} MB; duplicates ${r2.duplicates}, matched ${r2.matched}, unmatched ${r2.unmatched.length} (nothing changed: ${r2.matched === 0 && r2.duplicates === r1.credits})`,
    ].join("\n");
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
