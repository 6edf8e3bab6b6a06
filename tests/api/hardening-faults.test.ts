import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { connectDb } from "#server/db/connect";
import { migrateToLatest } from "#server/db/migrations";
import { mailerFor, type Deps } from "#server/lib/deps";
import { createApi } from "#server/http/app";
import { fixedClock } from "#server/lib/clock";
import { createMailWorker, smtpTransport } from "#server/mail/outbox";
import { ACCOUNT_MESSAGES } from "#server/services/accounts/users";
import { localStorage, memoryStorage, type Storage } from "#server/storage/storage";
import { APP_URL, createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { PROFILE } from "#tests/helpers/profile";
import { startSmtpServer } from "#tests/helpers/smtp";
import { snapshotTables, CORE_TABLES } from "#tests/helpers/snapshot";
import { createUserWithSession } from "#tests/helpers/users";
import sharp from "sharp";
import { apiOverProxiedPostgres } from "#tests/helpers/tcp-proxy";
import { insertEmptyDraft } from "#tests/helpers/events";

/** Faults: SMTP away during signup and recovery, SQLite locked, a full or unwritable disk. */

async function avatarForm() {
  const f = new FormData();
  for (const [k, v] of Object.entries(PROFILE)) f.append(k, v);
  const bytes = await sharp({
    create: { width: 32, height: 32, channels: 3, background: "#e76f51" },
  })
    .png()
    .toBuffer();
  f.append("profileImg", new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }));
  return f;
}

describe.each(engines)("SMTP down during signup and forgot-password on %s", (engine) => {
  let t: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    t = await createTestApi(engine);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.stop();
    await t.close();
  });

  it("answers as usual while SMTP is away; after it returns each mail is sent exactly once", async () => {
    const worker = createMailWorker({
      db: t.db,
      clock: t.clock,
      transport: smtpTransport(smtp.url),
      from: "Utsav <no-reply@utsav.local>",
    });
    const existing = await createUserWithSession(t.deps, { email: `known.${engine}@example.com` });
    const newcomer = `newcomer.${engine}@example.com`;
    await smtp.down();

    const signup = await t.request("/user/signup", {
      json: { firstName: "Neha", email: newcomer, password: "a-long-password" },
    });
    expect(signup.status).toBe(200);
    expect(await signup.json()).toEqual({ message: ACCOUNT_MESSAGES.signup });
    const forgot = await t.request("/user/forgot-password", {
      json: { email: existing.user.email },
    });
    expect(forgot.status).toBe(200);
    expect(await forgot.json()).toEqual({ message: ACCOUNT_MESSAGES.forgot });

    // The worker tries, fails, and keeps both for later.
    expect(await worker.runOnce()).toBe(0);
    const queued = await t.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "in", [newcomer, existing.user.email])
      .execute();
    expect(queued).toHaveLength(2);
    for (const row of queued) expect(row).toMatchObject({ sentAt: null, attempts: 1 });
    expect(queued.every((r) => (r.lastError ?? "").length > 0)).toBe(true);

    await smtp.up();
    t.clock.advance(5_000);
    expect(await worker.runOnce()).toBe(0); // still backing off
    t.clock.advance(60_000);
    expect(await worker.runOnce()).toBe(2);
    t.clock.advance(24 * 3_600_000);
    expect(await worker.runOnce()).toBe(0);

    const to = smtp.received.flatMap((m) => m.to);
    expect(to.filter((a) => a === newcomer)).toHaveLength(1);
    expect(to.filter((a) => a === existing.user.email)).toHaveLength(1);
    const resetMail = smtp.received.find((m) => m.to.includes(existing.user.email))!;
    expect(resetMail.raw).toContain(`${APP_URL}/`);
    const sent = await t.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", newcomer)
      .executeTakeFirstOrThrow();
    expect(sent.sentAt).not.toBeNull();
  });
});

describe("SQLite locked by another process", () => {
  let dir: string;
  let deps: Deps;
  let api: ReturnType<typeof createApi>;
  let holder: SQLite.Database | null = null;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "utsav-locked-"));
    // A short busy timeout so the test does not wait 5 s per refused write; the behaviour is the same.
    const db = connectDb({ sqlitePath: path.join(dir, "utsav.db"), waitMs: 300 });
    await migrateToLatest(db);
    const clock = fixedClock("2026-11-21T06:30:00Z");
    deps = {
      db,
      clock,
      storage: memoryStorage(),
      mail: mailerFor(clock),
      config: readConfig({ NODE_ENV: "test", APP_URL }),
    };
    api = createApi(deps);
    ({
      cookie,
      user: { id: userId },
    } = await createUserWithSession(deps));
  });
  afterEach(() => {
    holder?.close();
    holder = null;
  });
  afterAll(async () => {
    await deps.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const request = (p: string, init: RequestInit = {}) =>
    api.request(`/api/v1${p}`, init, { clientIp: "203.0.113.9" });

  it("writes answer 503 JSON with Retry-After and health fails; nothing half-written; it recovers without a restart", async () => {
    expect((await request("/health")).status).toBe(200);
    const meBefore = await deps.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    holder = new SQLite(path.join(dir, "utsav.db"));
    holder.exec("BEGIN IMMEDIATE");

    const health = await request("/health");
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBeTruthy();

    const email = "locked.out@example.com";
    const signup = await request("/user/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "Neha", email, password: "a-long-password" }),
    });
    expect(signup.status).toBe(503);
    expect(signup.headers.get("retry-after")).toBeTruthy();
    const body = await signup.json();
    expect(body.message).toMatch(/temporarily unavailable/i);
    expect(JSON.stringify(body)).not.toMatch(/SQLITE|locked|stack/i);

    const profile = await request("/user/profile", {
      method: "POST",
      body: await avatarForm(),
      headers: { Cookie: cookie },
    });
    expect(profile.status).toBe(503);

    holder.exec("ROLLBACK");
    holder.close();
    holder = null;

    // Nothing of the refused signup or profile update exists: no user, token, mail, upload.
    expect(
      await deps.db.selectFrom("users").select("id").where("email", "=", email).execute(),
    ).toHaveLength(0);
    expect(
      await deps.db.selectFrom("mailOutbox").select("id").where("to", "=", email).execute(),
    ).toHaveLength(0);
    expect(
      await deps.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", userId)
        .executeTakeFirstOrThrow(),
    ).toEqual(meBefore);
    expect(await deps.db.selectFrom("uploads").select("key").execute()).toEqual([]);

    expect((await request("/health")).status).toBe(200);
    const again = await request("/user/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ firstName: "Neha", email, password: "a-long-password" }),
    });
    expect(again.status).toBe(200);
    expect(
      await deps.db.selectFrom("users").select("id").where("email", "=", email).execute(),
    ).toHaveLength(1);
    expect(
      (
        await request("/user/profile", {
          method: "POST",
          body: await avatarForm(),
          headers: { Cookie: cookie },
        })
      ).status,
    ).toBe(200);
  });
});

describe.each(engines)("disk full or upload directory unwritable on %s", (engine) => {
  let t: TestApi;
  let dir: string;
  let original: Storage;

  beforeAll(async () => {
    t = await createTestApi(engine);
    original = t.deps.storage;
    dir = mkdtempSync(path.join(os.tmpdir(), "utsav-disk-"));
  });
  afterEach(() => {
    t.deps.storage = original;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const faults: [string, () => Storage][] = [
    [
      "a disk that is full (ENOSPC)",
      () => ({
        ...memoryStorage(),
        put: async () => {
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
            code: "ENOSPC",
          });
        },
      }),
    ],
    [
      "an upload directory that cannot be created (a file is in the way)",
      () => {
        const blocker = path.join(dir, `not-a-directory-${Math.random().toString(36).slice(2)}`);
        writeFileSync(blocker, "x");
        return localStorage(path.join(blocker, "uploads"));
      },
    ],
  ];

  for (const [label, storage] of faults) {
    it(`${label}: the upload fails with a clear 507, no row points to a missing file, other requests work`, async () => {
      const { user, cookie } = await createUserWithSession(t.deps);
      t.deps.storage = storage();
      const uploadsBefore = await t.db.selectFrom("uploads").select("key").execute();

      const res = await t.request("/user/profile", {
        method: "POST",
        body: await avatarForm(),
        cookie,
      });
      expect(res.status).toBe(507);
      const body = await res.json();
      expect(body.message).toBe("Your file could not be saved right now. Please try again later.");
      expect(body.errors?.profileImg).toEqual([body.message]);
      expect(await t.db.selectFrom("uploads").select("key").execute()).toEqual(uploadsBefore);
      const row = await t.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(row.profileImg).toBeNull();

      // An event banner the same way: the event keeps no banner and its version.
      const n = String(50000 + Math.floor(Math.random() * 9999));
      await insertEmptyDraft(t.deps, user.id, n);
      const banner = new FormData();
      banner.append("eventBanner", (await avatarForm()).get("profileImg") as File);
      const saved = await t.request(`/event/create/${n}/step3/eventBanner`, {
        method: "POST",
        body: banner,
        cookie,
      });
      expect(saved.status).toBe(507);
      expect((await saved.json()).message).toMatch(/could not be saved/);
      expect(
        await t.db
          .selectFrom("events")
          .select(["eventBanner", "version"])
          .where("eventNumber", "=", n)
          .executeTakeFirstOrThrow(),
      ).toEqual({ eventBanner: null, version: 1 });

      // Everything that needs no disk goes on.
      expect((await t.request("/health")).status).toBe(200);
      expect((await t.request("/user/profile", { cookie })).status).toBe(200);
      expect((await t.request("/event/get-all")).status).toBe(200);

      // And the disk back: the same upload works.
      t.deps.storage = original;
      expect(
        (await t.request("/user/profile", { method: "POST", body: await avatarForm(), cookie }))
          .status,
      ).toBe(200);
    });
  }
});

// PostgreSQL going away under writes: every write answers 503, and none left a partial trace.
describe.runIf(!!process.env.TEST_DATABASE_URL)("PostgreSQL away during writes", () => {
  let pgDb: Awaited<ReturnType<typeof apiOverProxiedPostgres>>;
  let proxy: typeof pgDb.proxy;
  let deps: Deps;
  let api: typeof pgDb.api;

  beforeAll(async () => {
    pgDb = await apiOverProxiedPostgres("hfault");
    ({ proxy, deps, api } = pgDb);
  });
  afterAll(() => pgDb.drop());

  it("signup, a profile with a picture and a step save answer 503 with Retry-After; nothing half-written; all work once it is back", async () => {
    const request = (p: string, init: RequestInit = {}) =>
      api.request(`/api/v1${p}`, init, { clientIp: "203.0.113.10" });
    const { user, cookie } = await createUserWithSession(deps);
    await insertEmptyDraft(deps, user.id, "80001");
    const snapshot = () => snapshotTables(deps.db, CORE_TABLES);
    const before = await snapshot();
    const email = "pg.away@example.com";
    const writes = async () => [
      await request("/user/signup", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ firstName: "Neha", email, password: "a-long-password" }),
      }),
      await request("/user/profile", {
        method: "POST",
        body: await avatarForm(),
        headers: { Cookie: cookie },
      }),
      await request("/event/create/80001/step2", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({
          participationType: "individual",
          startDate: "2026-11-22T10:00",
          endDate: "2026-12-05T18:00",
          contactDetails: [{ name: "Ravi Kumar", number: "9876543210" }],
        }),
      }),
    ];

    await proxy.cut();
    for (const res of await writes()) {
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect((await res.json()).message).toMatch(/temporarily unavailable/i);
    }
    await proxy.restore();
    expect(await snapshot()).toEqual(before);

    const statuses = (await writes()).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200]);
    expect(
      await deps.db.selectFrom("users").select("id").where("email", "=", email).execute(),
    ).toHaveLength(1);
  });
});
