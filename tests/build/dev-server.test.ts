import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "#tests/helpers/processes";

/**
 * `npm run dev` serves every page as production does (same load context, same page headers),
 * through Vite. Its loaders once answered 500 because the dev server gave them no context.
 */
let dev: ServerProcess;
let dataDir: string;
let eventNumber: string;
let eventName: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "utsav-dev-"));
  const seeded = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed.ts", "--events", "3", "--drafts", "0", "--seed", "7"],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, encoding: "utf8" },
  );
  eventNumber = /showcase: \/event\/(\d+)/.exec(seeded)![1]!;
  dev = await startServerProcess(["npm", "run", "dev"], {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    APP_URL: undefined,
    API_URL: undefined,
    NODE_ENV: undefined,
    MAIL_WORKER: "off",
  });
  const details = await fetch(`${dev.url}/api/v1/event/details/${eventNumber}`);
  eventName = ((await details.json()) as { eventName: string }).eventName;
}, 180_000);

afterAll(async () => {
  await dev?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  const pages: [string, () => string | RegExp][] = [
    ["/", () => "<title>Home"],
    ["/event/search", () => "Search Events"],
    ["/event/{n}", () => eventName],
    ["/login", () => "Login your account"],
    ["/signup", () => "Sign up to"],
    ["/event/category", () => "Host Your Event"],
    ["/sitemap.xml", () => `/event/${eventNumber}</loc>`],
    ["/robots.txt", () => /Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/],
  ];

  it.each(pages)("serves %s", async (page, expected) => {
    const res = await fetch(dev.url + page.replace("{n}", eventNumber));
    const body = await res.text();
    expect(res.status, body.slice(0, 500)).toBe(200);
    expect(body).toMatch(expected());
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("serves pages through Vite, with hot reload", async () => {
    const html = await (await fetch(`${dev.url}/login`)).text();
    expect(html).toContain("virtual:remix/inject-hmr-runtime");
    expect((await fetch(`${dev.url}/@vite/client`)).status).toBe(200);
  });
});
