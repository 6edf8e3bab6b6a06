import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "#server/config";
import { mailerFor, type Deps } from "#server/deps";
import { createApi } from "#server/http/app";
import { fixedClock } from "#server/lib/clock";
import { memoryStorage } from "#server/storage/storage";
import { createUserWithSession } from "#tests/helpers/users";
import { proxiedPostgres } from "#tests/helpers/tcp-proxy";

// PostgreSQL going away under a running backend, then coming back. Needs a real server.
describe.runIf(!!process.env.TEST_DATABASE_URL)("PostgreSQL unavailable", () => {
  let pgDb: Awaited<ReturnType<typeof proxiedPostgres>>;
  let proxy: Awaited<ReturnType<typeof proxiedPostgres>>["proxy"];
  let deps: Deps;
  let api: ReturnType<typeof createApi>;
  let cookie: string;

  beforeAll(async () => {
    pgDb = await proxiedPostgres("fault");
    proxy = pgDb.proxy;
    const clock = fixedClock("2026-11-21T06:30:00Z");
    deps = {
      db: pgDb.db,
      clock,
      storage: memoryStorage(),
      mail: mailerFor(clock),
      config: readConfig({ NODE_ENV: "test" }),
    };
    api = createApi(deps);
    ({ cookie } = await createUserWithSession(deps));
  });
  afterAll(() => pgDb.drop());

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
