import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "./config";
import { createDeps } from "./deps";

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
  // Wait for a send that may come, a few seconds at most (on: it comes at once).
  for (let i = 0; i < 50 && !(await sent()); i++) await new Promise((r) => setTimeout(r, 40));
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
