import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { newId } from "#server/lib/crypto";
import { hashPassword } from "#server/services/accounts/auth-passwords";
import { resolveBuildDir } from "../../scripts/lib/build-dir.mjs";
import { expect, test } from "./fixtures";

/**
 * The database away under the whole product (server.ts, production build): another process holds
 * SQLite's write lock. Reading pages keep working; a login (which must write a session) shows the
 * friendly 503 screen, the API and health answer 503; once the lock goes, it all works again
 * without a restart. Runs its own server, so the shared e2e server is never locked.
 */
let server: ChildProcess;
let url: string;
let dataDir: string;
const email = "locked.out@example.com";
const password = "a-long-password";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "utsav-e2e-503-"));
  const port = await freePort();
  url = `http://localhost:${port}`;
  const buildDir = resolveBuildDir();
  server = spawn(process.execPath, [path.join(buildDir, "node/server.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      RATE_LIMIT: "off",
      MAIL_WORKER: "off",
      BUILD_DIR: buildDir,
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 40_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error("server.ts did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  const db = new SQLite(path.join(dataDir, "utsav.db"));
  const now = new Date().toISOString();
  db.prepare(
    `insert into users (id, email, passwordHash, emailVerifiedAt, firstName, createdAt, updatedAt) values (?, ?, ?, ?, 'Asha', ?, ?)`,
  ).run(newId(), email, await hashPassword(password), now, now, now);
  db.close();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a locked database shows the friendly 503 page, and the app recovers without a restart", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const holder = new SQLite(path.join(dataDir, "utsav.db"));
  try {
    holder.exec("BEGIN IMMEDIATE");

    // Reading goes on (WAL): the home page and the login form still load.
    expect((await page.goto(`${url}/`))!.status()).toBe(200);
    await page.goto(`${url}/login`);
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Get started" }).click();
    await expect(page.getByTestId("error-detail")).toHaveText(
      "503 Service Unavailable: we are having trouble right now. Please try again in a minute.",
      { timeout: 15_000 },
    );
    await page.screenshot({ path: "/tmp/hardening-503.png" });

    const health = await page.request.get(`${url}/api/v1/health`);
    expect(health.status()).toBe(503);
    expect(health.headers()["retry-after"]).toBeTruthy();
    const api = await page.request.post(`${url}/api/v1/user/login`, { data: { email, password } });
    expect(api.status()).toBe(503);
    expect((await api.json()).message).toMatch(/temporarily unavailable/i);
    expect(api.headers()["retry-after"]).toBeTruthy();
  } finally {
    holder.exec("ROLLBACK");
    holder.close();
  }

  expect((await page.request.get(`${url}/api/v1/health`)).status()).toBe(200);
  await page.goto(`${url}/login`);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(`${url}/`);
});
