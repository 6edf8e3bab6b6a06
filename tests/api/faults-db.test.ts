import { randomBytes } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { connectDb } from "../../server/db/connect";
import { migrateToLatest } from "../../server/db/migrations";
import { mailerFor, type Deps } from "../../server/deps";
import { createApi } from "../../server/http/app";
import { fixedClock } from "../../server/lib/clock";
import { memoryStorage } from "../../server/storage/storage";
import { createUserWithSession } from "../helpers/users";
import { startTcpProxy } from "../helpers/tcp-proxy";

// PostgreSQL going away under a running backend, then coming back. Needs a real server.
describe.runIf(!!process.env.TEST_DATABASE_URL)("PostgreSQL unavailable", () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `utsav_t_fault_${randomBytes(4).toString("hex")}`;
  let admin: Kysely<any>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let deps: Deps;
  let api: ReturnType<typeof createApi>;
  let cookie: string;

  beforeAll(async () => {
    admin = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }) });
    await sql.raw(`create database "${name}"`).execute(admin);
    const target = new URL(adminUrl);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const url = new URL(adminUrl);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    const db = connectDb({ databaseUrl: url.toString(), poolSize: 2, waitMs: 1000 });
    await migrateToLatest(db);
    const clock = fixedClock("2026-11-21T06:30:00Z");
    deps = { db, clock, storage: memoryStorage(), mail: mailerFor(clock), config: readConfig({ NODE_ENV: "test" }) };
    api = createApi(deps);
    ({ cookie } = await createUserWithSession(deps));
  });
  afterAll(async () => {
    await deps.db.destroy();
    await proxy.close();
    await sql.raw(`drop database if exists "${name}" with (force)`).execute(admin);
    await admin.destroy();
  });

  it("answers 503 JSON with Retry-After while the database is away, and recovers without a restart", async () => {
    const profile = () => api.request("/api/v1/user/profile", { headers: { Cookie: cookie } });
    expect((await profile()).status).toBe(200);

    await proxy.cut();
    const health = await api.request("/api/v1/health");
    expect(health.status).toBe(503);
    const down = await profile();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBeTruthy();
    const body = await down.json();
    expect(body.message).toMatch(/temporarily unavailable/i);
    expect(JSON.stringify(body)).not.toMatch(/ECONN|stack|select/i);

    await proxy.restore();
    expect((await api.request("/api/v1/health")).status).toBe(200);
    expect((await profile()).status).toBe(200);
  });
});
