import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "./config";
import { createDeps, toggleViewsOnSignal } from "./deps";
import { fixedClock } from "./lib/clock";
import { connectDb } from "./db/connect";
import { createViewCounter } from "#server/services/organiser/view-counter";

/**
 * MAIL_WORKER=off: this process never sends mail (another process's worker does). A request that
 * queues a mail pokes the worker; with the worker off, the poke must not send either.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function queueAndPoke(mailWorker: "on" | "off") {
  const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-deps-"));
  dirs.push(dir);
  const { deps, close } = await createDeps(
    readConfig({ NODE_ENV: "test", DATA_DIR: dir, MAIL_WORKER: mailWorker, VIEW_COUNTING: "off" }),
  );
  const mail = { to: "asha@example.com", subject: "Hello", text: "Hi" };
  await deps.db.transaction().execute((trx) => deps.mail.queue(trx, mail));
  deps.mail.poke();
  const sent = async () =>
    (await deps.db.selectFrom("mailOutbox").select("sentAt").executeTakeFirstOrThrow()).sentAt;
  // On: wait for the send, however busy the machine (the test's timeout ends a hang). Off: give
  // a send that should not come two seconds to show up.
  const deadline = Date.now() + (mailWorker === "on" ? 50_000 : 2_000);
  while (!(await sent()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 40));
  const result = { sentAt: await sent(), files: readdirSafe(path.join(dir, "mail")) };
  await close();
  return result;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

describe("the mail worker of a process", () => {
  it("sends when a request pokes it (MAIL_WORKER=on)", async () => {
    const { sentAt, files } = await queueAndPoke("on");
    expect(sentAt).not.toBeNull();
    expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(1);
  });

  it("sends nothing, poked or not, with MAIL_WORKER=off: the mail waits in the outbox", async () => {
    const { sentAt, files } = await queueAndPoke("off");
    expect(sentAt).toBeNull();
    expect(files).toEqual([]);
  });
});

describe("toggleViewsOnSignal", () => {
  it("pauses view counting on the signal and resumes it on the next", () => {
    const views = createViewCounter({
      db: connectDb({}),
      clock: fixedClock("2026-11-25T10:00:00Z"),
    });
    // SIGUSR2 raised by process.emit: the handler runs; no real signal reaches the test runner.
    const before = process.listenerCount("SIGUSR2");
    toggleViewsOnSignal(views);
    const view = (ip: string) => ({
      eventNumber: "10000",
      ip,
      userAgent: "Mozilla/5.0 Chrome/124.0",
    });
    try {
      process.emit("SIGUSR2");
      views.record(view("198.51.100.1"));
      expect(views.pending()).toBe(0);
      process.emit("SIGUSR2");
      views.record(view("198.51.100.2"));
      expect(views.pending()).toBe(1);
    } finally {
      for (const l of process.listeners("SIGUSR2").slice(before)) process.off("SIGUSR2", l);
    }
  });
});

describe("the SQLite busy timeout of a process", () => {
  async function busyTimeout(env: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-deps-"));
    dirs.push(dir);
    const { deps, close } = await createDeps(
      readConfig({ NODE_ENV: "test", DATA_DIR: dir, MAIL_WORKER: "off", ...env }),
    );
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(deps.db);
    await close();
    return Number(rows[0]?.timeout);
  }

  it("waits 1 s for another process's lock by default, and as long as SQLITE_BUSY_TIMEOUT_MS says", async () => {
    expect(await busyTimeout({})).toBe(1000);
    expect(await busyTimeout({ SQLITE_BUSY_TIMEOUT_MS: "10000" })).toBe(10000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the PostgreSQL pool of a process", () => {
  it("keeps DATABASE_POOL_SIZE connections open (10 by default)", async () => {
    const { newPostgresDatabase } = await import("#tests/helpers/postgres");
    const database = await newPostgresDatabase();
    const dir = mkdtempSync(path.join(os.tmpdir(), "utsav-deps-"));
    dirs.push(dir);
    const named = new URL(database.url);
    named.searchParams.set("application_name", `pool-size-${process.pid}`);
    const watcher = connectDb({ databaseUrl: database.url, poolSize: 1 });
    const open = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where application_name = ${named.searchParams.get("application_name")}`.execute(watcher)
        ).rows[0]?.n,
      );
    try {
      expect(readConfig({ NODE_ENV: "test" }).databasePoolSize).toBe(10);
      const { close } = await createDeps(
        readConfig({
          NODE_ENV: "test",
          DATA_DIR: dir,
          DATABASE_URL: named.toString(),
          DATABASE_POOL_SIZE: "3",
          MAIL_WORKER: "off",
          VIEW_COUNTING: "off",
        }),
      );
      const until = Date.now() + 20_000;
      while ((await open()) < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await open()).toBe(3);
      await close();
    } finally {
      await watcher.destroy();
      await database.drop();
    }
  });
});
