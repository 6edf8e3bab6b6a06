import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines, freshDb } from "#tests/helpers/api";
import type { Db } from "#server/db/connect";
import { fixedClock } from "#server/lib/clock";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  createMailWorker,
  diskTransport,
  enqueueMail,
  type MailTransport,
  type OutgoingMail,
} from "./outbox";

const PDF = Buffer.from("%PDF-1.4 a receipt");

describe.each(engines)("mail outbox on %s", (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(engine));
  });
  afterAll(() => drop());

  it("is not queued when the transaction that wrote it rolls back", async () => {
    const clock = fixedClock("2026-11-21T00:00:00Z");
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, clock, { to: "gone@example.com", subject: "x", text: "x" });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const rows = await db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", "gone@example.com")
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("retries a failed send with backoff and delivers it exactly once", async () => {
    const clock = fixedClock("2026-11-21T00:00:00Z");
    await enqueueMail(db, clock, { to: "a@example.com", subject: "Verify", text: "http://x/1" });
    let up = false;
    const delivered: string[] = [];
    const transport: MailTransport = {
      async send(m) {
        if (!up) throw new Error("SMTP down");
        delivered.push(m.to);
      },
    };
    const worker = createMailWorker({ db, clock, transport, from: "t@utsav" });
    expect(await worker.runOnce()).toBe(0);
    const failed = await db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", "a@example.com")
      .executeTakeFirstOrThrow();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("SMTP down");
    expect(failed.nextAttemptAt > clock.now().toISOString()).toBe(true);

    up = true;
    expect(await worker.runOnce()).toBe(0); // not due yet: backoff holds
    clock.advance(31_000);
    // Two workers (two processes) race for the same row: it goes out once.
    const other = createMailWorker({ db, clock, transport, from: "t@utsav" });
    const counts = await Promise.all([worker.runOnce(), other.runOnce()]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(delivered).toEqual(["a@example.com"]);
    clock.advance(3_600_000);
    expect(await worker.runOnce()).toBe(0);
    expect(delivered).toHaveLength(1);
  });

  it("keeps an attachment as a reference and renders it when it sends", async () => {
    const clock = fixedClock("2026-11-21T00:00:00Z");
    await enqueueMail(db, clock, {
      to: "payer@example.com",
      subject: "Payment received: Fest",
      text: "attached",
      attachments: [{ kind: "receipt", paymentId: "p1" }],
    });
    const row = await db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", "payer@example.com")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.attachments ?? "null")).toEqual([{ kind: "receipt", paymentId: "p1" }]);

    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      async send(m) {
        sent.push(m);
      },
    };
    // A worker that cannot render the kind keeps the mail and tries again later.
    const bare = createMailWorker({ db, clock, transport, from: "t@utsav" });
    expect(await bare.runOnce()).toBe(0);
    const waiting = await db
      .selectFrom("mailOutbox")
      .select(["sentAt", "lastError"])
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(waiting.sentAt).toBeNull();
    expect(waiting.lastError).toContain("receipt");

    clock.advance(3_600_000);
    const asked: string[] = [];
    const worker = createMailWorker({
      db,
      clock,
      transport,
      from: "t@utsav",
      attachments: {
        async receipt(ref) {
          asked.push(ref.paymentId);
          return {
            filename: "r.pdf",
            contentType: "application/pdf",
            content: Buffer.from("%PDF"),
          };
        },
      },
    });
    expect(await worker.runOnce()).toBe(1);
    expect(asked).toEqual(["p1"]);
    expect(sent).toHaveLength(1);
    expect(sent[0].attachments).toEqual([
      { filename: "r.pdf", contentType: "application/pdf", content: Buffer.from("%PDF") },
    ]);
  });
});

describe("the disk transport", () => {
  it("the disk transport writes a rendered attachment into the .eml", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "utsav-mail-"));
    try {
      await diskTransport(dir, () => {}).send({
        from: "t@utsav",
        to: "payer@example.com",
        subject: "Payment received: Fest",
        text: "attached",
        attachments: [
          { filename: "receipt-1001-1.pdf", contentType: "application/pdf", content: PDF },
        ],
      });
      const [file] = await fs.readdir(dir);
      const eml = await fs.readFile(path.join(dir, file!), "utf8");
      expect(eml).toMatch(/Content-Type: application\/pdf; name=receipt-1001-1\.pdf/);
      expect(eml).toContain("Content-Disposition: attachment; filename=receipt-1001-1.pdf");
      expect(eml).toContain(PDF.toString("base64"));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
