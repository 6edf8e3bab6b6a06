import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";
import { CORE_TABLES } from "#tests/helpers/snapshot";

describe.each(engines)("foundation API on %s", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine);
  });
  afterAll(() => t.close());

  it("GET /health checks the database", async () => {
    const res = await t.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 404 JSON for an unknown route", async () => {
    const res = await t.request("/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ message: "Not Found" });
  });

  it("answers 405 for a wrong method on a known route", async () => {
    const res = await t.request("/health", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toContain("GET");
    expect(await res.json()).toEqual({ message: "Method Not Allowed" });
  });

  it("refuses a mutating request from another site with 403", async () => {
    const foreign = await t.request("/health", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const crossSite = await t.request("/health", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const same = await t.request("/health", {
      method: "POST",
      headers: { Origin: "http://localhost:3000" },
    });
    expect(same.status).toBe(405);
  });

  it("puts security headers on every response, errors included", async () => {
    for (const res of [await t.request("/health"), await t.request("/nope")]) {
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("treats an unknown session cookie as no session", async () => {
    const res = await t.request("/nope", { cookie: "utsav_session=forged-token" });
    expect(res.status).toBe(404);
  });

  it("has every table the product needs", async () => {
    for (const table of [...CORE_TABLES, "rateLimits", "feedback"] as const) {
      await expect(t.db.selectFrom(table).selectAll().limit(1).execute()).resolves.toBeDefined();
    }
  });
});

describe("state-changing GETs", () => {
  it("refuses logout and publish when another site triggers them", async () => {
    const t = await createTestApi("sqlite");
    try {
      for (const path of ["/user/logout", "/event/create/12345/step3/activateEvent"]) {
        for (const site of ["cross-site", "same-site"]) {
          const res = await t.request(path, { headers: { "Sec-Fetch-Site": site } });
          expect(res.status, `${path} ${site}`).toBe(403);
        }
      }
    } finally {
      await t.close();
    }
  });
});
