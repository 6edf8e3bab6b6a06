import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { resolveBuildDir } from "./scripts/lib/build-dir.mjs";
import { CHROMIUM_FLAGS } from "./scripts/lib/chromium-flags.mjs";

// One server for the whole run, on a free-ish port with a fresh data directory. Set once here
// and inherited by the workers, which load this file again.
process.env.E2E_PORT ??= String(41000 + Math.floor(Math.random() * 8000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "utsav-e2e-"));
process.env.E2E_OAUTH_PORT ??= String(49500 + Math.floor(Math.random() * 8000));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
// A local OAuth2 server stands in for Google (tests/e2e/oauth-mock.ts), on the loopback address.
const oauthURL = `http://127.0.0.1:${process.env.E2E_OAUTH_PORT}`;
const buildDir = resolveBuildDir();

const oauthMockServer = {
  command: "node --import tsx tests/e2e/oauth-mock.ts",
  url: `${oauthURL}/.well-known/openid-configuration`,
  reuseExistingServer: false,
  timeout: 30_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: { E2E_OAUTH_PORT: process.env.E2E_OAUTH_PORT },
};

// Debian's old headless shell when it is installed (`apt-get install chromium-headless-shell`):
// the same Blink as `chromium`, without the browser around it, it runs this suite in about 40 % of
// the CPU time, which is what CI's two cores have least of. Else Debian's `chromium`.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const launchOptions = {
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "tests/e2e",
  // Room for a busy machine (issue 31): a timeout ends a hung test, it times nothing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    launchOptions,
    // Recording a trace costs every test ~20 % of its time; CI records one for a retried test only.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // The service worker answers pages from its caches and hides requests from page.route():
    // only the specs about it (app.spec.ts) let it in.
    serviceWorkers: "block",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    oauthMockServer,
    {
      // The compiled server, as `npm start` runs it in production (built by `npm run build`).
      command: `node ${path.join(buildDir, "node/server.js")}`,
      url: `${baseURL}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        APP_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: "production",
        RATE_LIMIT: "off",
        // Tests change data and read it back at once: no page may be served from the short cache.
        PAGE_CACHE_SECONDS: "0",
        // The specs write their seeds into this server's SQLite file from the test process; on a
        // slow machine a seed can hold the lock past production's 1 s, and a write waiting that
        // long must not fail a test with 503.
        SQLITE_BUSY_TIMEOUT_MS: "10000",
        BUILD_DIR: buildDir,
        GOOGLE_CLIENT_ID: "utsav-e2e",
        GOOGLE_CLIENT_SECRET: "utsav-e2e-secret",
        GOOGLE_AUTHORIZATION_URL: `${oauthURL}/authorize`,
        GOOGLE_TOKEN_URL: `${oauthURL}/token`,
        GOOGLE_USERINFO_URL: `${oauthURL}/userinfo`,
      },
    },
  ],
});
