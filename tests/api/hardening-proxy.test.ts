import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiProcess, type ApiProcess } from "#tests/helpers/processes";

/**
 * Behind TRUST_PROXY, the client's address is the one the trusted proxy appended to
 * X-Forwarded-For, not the leftmost entry the client wrote itself: rotating that entry must not
 * reset the per-address rate limits.
 */
describe.each([
  { trustProxy: "1", forwarded: (i: number) => `198.51.100.${i % 250}, 203.0.113.9` },
  {
    trustProxy: "2",
    forwarded: (i: number) => `198.51.100.${i % 250}, 203.0.113.9, 192.0.2.${i % 250}`,
  },
])("the client address behind TRUST_PROXY=$trustProxy", ({ trustProxy, forwarded }) => {
  let dataDir: string;
  let api: ApiProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "utsav-proxy-"));
    api = await startApiProcess({ DATA_DIR: dataDir, TRUST_PROXY: trustProxy });
  }, 180_000);
  afterAll(async () => {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (i: number, xff: string) =>
    fetch(`${api.url}/api/v1/user/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": xff },
      // A different account each time: only the per-address limit (50 in 15 minutes) can answer 429.
      body: JSON.stringify({ email: `guess.${i}@example.com`, password: "wrong-password" }),
    });

  it("rotating the client-written part of X-Forwarded-For does not escape the per-address login limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await login(i, forwarded(i))).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
  });

  it("another client, seen by the proxy at another address, is not limited by the first", async () => {
    const other = forwarded(0).replace("203.0.113.9", "203.0.113.77");
    expect((await login(1000, other)).status).toBe(401);
  });
});
