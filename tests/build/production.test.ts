import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "#tests/helpers/processes";

/**
 * `npm start` as production runs it (after `npm run build`), behind an HTTPS proxy: APP_URL is
 * https and nothing else is set. It once ran TypeScript with NODE_ENV unset, so the session cookie
 * was Secure (it read the config's default) while the toast cookie (it read NODE_ENV) was not.
 */
let server: ServerProcess;
let dataDir: string;
let appUrl: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "utsav-start-"));
  appUrl = "https://utsav.example";
  server = await startServerProcess(["npm", "start"], {
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    NODE_ENV: undefined,
    DATABASE_URL: undefined,
    API_URL: undefined,
    MAIL_WORKER: "off",
  });
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start over HTTPS", () => {
  it("makes the toast cookie Secure, as the session cookie", async () => {
    const res = await fetch(`${server.url}/logout`, {
      method: "POST",
      headers: { Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    const toast = cookies.find((c) => c.startsWith("utsav_toast="));
    const session = cookies.find((c) => c.startsWith("__Host-utsav_session="));
    expect(session, cookies.join("\n")).toMatch(/;\s*Secure/i);
    expect(toast, cookies.join("\n")).toMatch(/;\s*Secure/i);
  });

  it("sends HSTS on pages", async () => {
    const res = await fetch(`${server.url}/login`);
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });

  // Issue 16: one render-blocking request before first paint, not one per chunk.
  it("links one stylesheet, and serves it", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    const sheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
      (m) => /href="([^"]+)"/.exec(m[0])?.[1],
    );
    expect(sheets).toHaveLength(1);
    const css = await fetch(`${server.url}${sheets[0]}`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
    expect((await css.text()).length).toBeGreaterThan(10_000);
  });

  // Issue 16: the hydration scripts must not race the stylesheet for first paint. The framework
  // as shipped has no way to lower its preloads' priority (the patch that did so is gone, issue
  // 44), so the stylesheet is linked in the head and every script after the page's content.
  it("links the stylesheet before the page's content and its scripts after it", async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    const sheet = html.search(/<link\b[^>]*\brel="stylesheet"/);
    const head = html.indexOf("</head>");
    const main = html.search(/<main\b/);
    const scripts = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"|<script\b/g)].map(
      (m) => m.index ?? 0,
    );
    expect(sheet).toBeGreaterThan(0);
    expect(sheet).toBeLessThan(head);
    expect(main).toBeGreaterThan(head);
    expect(scripts.length).toBeGreaterThan(3);
    for (const at of scripts) expect(at).toBeGreaterThan(main);
  });

  it("never makes a page download the whole route manifest (the budgets count what is loaded)", async () => {
    // With lazy route discovery the page's routes are written into its HTML; manifest-*.js is
    // neither preloaded nor imported, so scripts/lib/page-assets.ts leaves it out of a page's JS.
    for (const url of ["/", "/login", "/event/search"]) {
      const html = await (await fetch(`${server.url}${url}`)).text();
      expect(html, url).toContain("window.__remixManifest");
      expect(html, url).not.toMatch(/rel="modulepreload"[^>]*manifest-|import\s*"\/assets\/manifest-/);
    }
  });
});
