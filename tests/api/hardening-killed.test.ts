import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb, type Db } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { systemClock } from "#server/lib/clock";
import { isValidKey } from "#server/storage/storage";
import { startApiProcess, type ApiProcess, rawPost } from "#tests/helpers/processes";
import { createUserWithSession } from "#tests/helpers/users";

/**
 * The backend process killed (SIGKILL: no shutdown code runs) in the middle of uploads and step
 * saves, then started again on the same data directory: nothing is half-saved (every upload row
 * has its file, the event's columns are whole) and the organiser carries on from the last save.
 */
describe("a process killed during uploads and step saves", () => {
  let dataDir: string;
  let db: Db;
  let api: ApiProcess;
  let env: Record<string, string>;
  let cookie: string;
  const n = "70001";

  async function noisyPng(seed: number): Promise<Buffer> {
    return sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 100 + seed, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
  }
  function multipart(file: Buffer, name: string): { body: Buffer; type: string } {
    const boundary = `----killed${Math.random().toString(36).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, type: `multipart/form-data; boundary=${boundary}` };
  }
  /** Sends a request; answers its status, or null when the connection died with the process. */
  function send(
    p: string,
    body: Buffer,
    type: string,
    opts: { stopAfter?: number } = {},
  ): Promise<number | null> {
    const url = `${api.url}/api/v1${p}`;
    return new Promise((resolve) => {
      const req = rawPost(
        url,
        { Cookie: cookie, "Content-Type": type, "Content-Length": String(body.length) },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
          res.on("error", () => resolve(null));
        },
      );
      req.on("error", () => resolve(null));
      // Half a body: the server is left waiting for the rest when it dies.
      req.write(opts.stopAfter ? body.subarray(0, opts.stopAfter) : body);
      if (!opts.stopAfter) req.end();
    });
  }
  async function kill() {
    const exited = new Promise((r) => api.child.once("exit", r));
    api.child.kill("SIGKILL");
    await exited;
  }
  async function consistent() {
    const [{ integrity_check }] = (
      await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)
    ).rows;
    expect(integrity_check).toBe("ok");
    for (const { key } of await db.selectFrom("uploads").select("key").execute()) {
      expect(
        existsSync(path.join(dataDir, "uploads", key.slice(0, 2), key)),
        `file of upload ${key}`,
      ).toBe(true);
    }
    const event = await db
      .selectFrom("events")
      .selectAll()
      .where("eventNumber", "=", n)
      .executeTakeFirstOrThrow();
    if (event.eventBanner) {
      expect(
        await db
          .selectFrom("uploads")
          .select("key")
          .where("key", "=", event.eventBanner)
          .executeTakeFirst(),
      ).toBeDefined();
    }
    for (const list of [event.contactDetails, event.importantDates, event.rounds, event.prizes])
      if (list) expect(() => JSON.parse(list)).not.toThrow();
    // A file half-written when the process died stays under a temporary name, never a key.
    const stray = readdirSync(path.join(dataDir, "uploads"), { recursive: true })
      .map(String)
      .filter((f) => !f.endsWith(".tmp") && /\./.test(f));
    for (const f of stray) expect(isValidKey(path.basename(f)), f).toBe(true);
    return event;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-killed-"));
    db = connectDb({ sqlitePath: path.join(dataDir, "utsav.db") });
    await migrateToLatest(db);
    const made = await createUserWithSession({
      db,
      clock: systemClock,
      config: readConfig({ NODE_ENV: "test" }),
    });
    cookie = made.cookie;
    const now = new Date().toISOString();
    await db
      .insertInto("events")
      .values({
        eventNumber: n,
        madeBy: made.user.id,
        status: "draft",
        version: 1,
        eventType: "Quizzes",
        eventName: "Brain Bowl",
        organisationName: "IIT Delhi",
        modeOfEvent: "Online",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    env = {
      DATA_DIR: dataDir,
      RATE_LIMIT: "off",
      MAIL_WORKER: "off",
      APP_URL: "http://localhost:3000",
    };
    api = await startApiProcess(env);
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("killed while an upload is still arriving: nothing saved, and the next upload works after a restart", async () => {
    const { body, type } = multipart(await noisyPng(1), "eventBanner");
    const pending = send(`/event/create/${n}/step3/eventBanner`, body, type, {
      stopAfter: Math.floor(body.length / 2),
    });
    await new Promise((r) => setTimeout(r, 300));
    await kill();
    expect(await pending).toBeNull();
    const event = await consistent();
    expect(event).toMatchObject({ version: 1, eventBanner: null });
    expect(await db.selectFrom("uploads").select("key").execute()).toEqual([]);

    api = await startApiProcess(env);
    expect(await send(`/event/create/${n}/step3/eventBanner`, body, type)).toBe(200);
    expect(await consistent()).toMatchObject({ version: 2 });
  }, 180_000);

  it("killed amid many uploads and step saves at once: every row whole, every upload's file there; saving carries on", async () => {
    const before = await consistent();
    const images = await Promise.all([2, 3, 4, 5, 6, 7].map(noisyPng));
    const step2 = (i: number) =>
      Buffer.from(
        JSON.stringify({
          participationType: "team",
          minTeam: 1,
          maxTeam: 2 + i,
          startDate: "2026-11-22T10:00",
          endDate: "2026-12-05T18:00",
          contactDetails: [{ name: `Ravi ${"K".repeat(i + 1)}`, number: "9876543210" }],
        }),
      );
    const requests: Promise<number | null>[] = [];
    images.forEach((png, i) => {
      const { body, type } = multipart(png, "eventBanner");
      requests.push(send(`/event/create/${n}/step3/eventBanner`, body, type));
      requests.push(send(`/event/create/${n}/step2`, step2(i), "application/json"));
    });
    // Long enough for some saves to land, short enough that others are mid-way (sharp is busy).
    await new Promise((r) => setTimeout(r, 400));
    await kill();
    const statuses = await Promise.all(requests);
    const done = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== null && s !== 200 && s !== 409)).toEqual([]);

    const after = await consistent();
    // Each completed save bumped the version once; a killed one left no trace. Saves may race
    // (409), and one may have committed just as its answer was lost: at least the answered ones.
    expect(after.version).toBeGreaterThanOrEqual(before.version + done);
    expect(after.version).toBeLessThanOrEqual(before.version + requests.length);

    api = await startApiProcess(env);
    const res = await fetch(`${api.url}/api/v1/event/create/${n}/step2`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ ...JSON.parse(step2(0).toString()), version: after.version }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).version).toBe(after.version + 1);
    await consistent();
  }, 240_000);
});
