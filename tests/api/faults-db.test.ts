import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithSession } from "#tests/helpers/users";
import { apiOverProxiedPostgres } from "#tests/helpers/tcp-proxy";

// PostgreSQL going away under a running backend, then coming back. Needs a real server.
describe.runIf(!!process.env.TEST_DATABASE_URL)("PostgreSQL unavailable", () => {
  let backend: Awaited<ReturnType<typeof apiOverProxiedPostgres>>;
  let cookie: string;

  beforeAll(async () => {
    backend = await apiOverProxiedPostgres("fault");
    ({ cookie } = await createUserWithSession(backend.deps));
  });
  afterAll(() => backend.drop());

  it("answers 503 JSON with Retry-After while the database is away, and recovers without a restart", async () => {
    const profile = () =>
      backend.api.request("/api/v1/user/profile", { headers: { Cookie: cookie } });
    expect((await profile()).status).toBe(200);

    await backend.proxy.cut();
    const health = await backend.api.request("/api/v1/health");
    expect(health.status).toBe(503);
    const down = await profile();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBeTruthy();
    const body = await down.json();
    expect(body.message).toMatch(/temporarily unavailable/i);
    expect(JSON.stringify(body)).not.toMatch(/ECONN|stack|select/i);

    await backend.proxy.restore();
    expect((await backend.api.request("/api/v1/health")).status).toBe(200);
    expect((await profile()).status).toBe(200);
  });
});
