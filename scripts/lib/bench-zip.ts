import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConfig } from "#server/config";
import { connectDb } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { mailerFor } from "#server/lib/deps";
import { systemClock } from "#server/lib/clock";
import { submissionsZip } from "#server/services/submissions/submissions-zip";
import { contentKey, localStorage } from "#server/storage/storage";
import { registerIndividuals } from "./bench-registrations";

/**
 * The ZIP run of `npm run bench -- --zip` (SPEC-3 §2): a submission round with COUNT submissions
 * of SIZE bytes each (random, so incompressible) on local disk, and its ZIP read to the end as a
 * slow client would. Goals: the first byte within 1 s, the process's RSS growing less than
 * 50 MB while the whole archive (COUNT × SIZE) streams through.
 */
export async function zipRun(count = 500, size = 1_048_576): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-bench-zip-"));
  const db = connectDb({ sqlitePath: path.join(dir, "utsav.db"), waitMs: 5000 });
  try {
    await migrateToLatest(db);
    const storage = localStorage(path.join(dir, "files"));
    const config = readConfig({ NODE_ENV: "test", APP_URL: "https://utsav.example" });
    const deps = { db, storage, clock: systemClock, config, mail: mailerFor(systemClock) };
    const now = new Date();
    const iso = now.toISOString();
    const user = (id: string) => ({
      id,
      email: `${id}@example.com`,
      firstName: "Asha",
      lastName: id.slice(0, 6),
      createdAt: iso,
      updatedAt: iso,
    });
    await db.insertInto("users").values(user("owner-zip")).execute();
    const roundId = "bench-zip-round";
    const round = {
      _id: roundId,
      kind: "submission",
      requireFile: false,
      requireLink: false,
      title: "Ideas",
      description: "Bench round",
      startDate: new Date(now.getTime() - 86_400_000).toISOString(),
      endDate: new Date(now.getTime() + 86_400_000).toISOString(),
      isEliminatorRound: "false",
    };
    await db
      .insertInto("events")
      .values({
        eventNumber: "99999",
        madeBy: "owner-zip",
        status: "active",
        version: 1,
        eventName: "Zip bench",
        rounds: JSON.stringify([round]),
        createdAt: iso,
        updatedAt: iso,
      })
      .execute();
    const { id: eventId } = await db
      .selectFrom("events")
      .select("id")
      .where("eventNumber", "=", "99999")
      .executeTakeFirstOrThrow();
    for (let i = 0; i < count; i++) {
      const id = `zip${String(i).padStart(5, "0")}${randomBytes(4).toString("hex")}`;
      const bytes = randomBytes(size);
      // A PDF's first bytes: the ZIP stores any file as it is.
      bytes.write("%PDF-1.4\n", 0);
      const key = contentKey(bytes, "pdf").replace(/\.pdf$/, "-sub.pdf");
      await storage.put(key, bytes);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("users").values(user(id)).execute();
        await registerIndividuals(
          trx,
          eventId,
          [{ userId: id, registrationId: id }],
          "IIT Delhi",
          iso,
        );
        await trx
          .insertInto("uploads")
          .values({ key, contentType: "application/pdf", size, kind: "submission", createdAt: iso })
          .execute();
        await trx
          .insertInto("submissions")
          .values({
            id,
            eventId,
            roundId,
            registrationId: id,
            title: `Idea ${i}`,
            description: "A bench submission",
            links: "[]",
            fileKey: key,
            fileName: `idea-${i}.pdf`,
            fileSize: size,
            submittedAt: new Date(now.getTime() + i).toISOString(),
            updatedAt: iso,
            updatedBy: id,
          })
          .execute();
      });
    }
    const owner = await db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", "owner-zip")
      .executeTakeFirstOrThrow();
    (globalThis as { gc?: () => void }).gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const { stream } = await submissionsZip(deps, owner, "99999", "0");
    const reader = stream.getReader();
    let firstByteMs = 0;
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!total) firstByteMs = performance.now() - started;
      total += value.byteLength;
      // A client taking about 200 MB/s: the archive waits for it, and memory must not grow.
      if (total % (8 * 1_048_576) < value.byteLength) await new Promise((r) => setTimeout(r, 40));
    }
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    const growth = (rssPeak - rssBefore) / 1_048_576;
    return [
      `ZIP of ${count} submissions of ${(size / 1_048_576).toFixed(0)} MB (SQLite, local disk, ${os.cpus().length} cores, Node ${process.version})`,
      "",
      "| archive | first byte | whole archive | RSS growth (peak − before) | goals |",
      "| ---: | ---: | ---: | ---: | --- |",
      `| ${(total / 1_048_576).toFixed(0)} MB | ${firstByteMs.toFixed(0)} ms | ${(totalMs / 1000).toFixed(1)} s | ${growth.toFixed(1)} MB | first byte < 1 s: ${firstByteMs < 1000 ? "met" : "missed"}; RSS growth < 50 MB: ${growth < 50 ? "met" : "missed"} |`,
    ].join("\n");
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
