import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import sharp from "sharp";
import { seedCheckInEvent } from "./check-in-seed";
import { expect, hydrated, openMenu, test } from "./fixtures";
import { seedRegistrationEvent } from "./registration-seed";
import { dbFile, loginAs, signInAs } from "./session";
import { shot } from "./shots";

/** SPEC-3 §6, the installable app: the manifest, the service worker, offline pages, logout. */
test.use({ serviceWorkers: "allow" });

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }),
      );
  });
}

/**
 * Waits until the worker has kept this page and the scripts it loaded: on a first visit they came
 * before the worker, which fetches them again when the page asks (CACHE_URLS).
 */
async function keptForOffline(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const urls = performance
          .getEntriesByType("resource")
          .map((r) => r.name)
          .filter((u) => u.startsWith(`${location.origin}/assets/`));
        const found = await Promise.all([location.href, ...urls].map((u) => caches.match(u)));
        return found.every(Boolean);
      }),
    )
    .toBe(true);
}

/** `userId` saves the event, straight in the e2e database. */
function saveEvent(userId: string, eventNumber: string) {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  try {
    const { id } = db.prepare("select id from events where eventNumber = ?").get(eventNumber) as {
      id: number;
    };
    db.prepare("insert into saves (userId, eventId, createdAt) values (?, ?, ?)").run(
      userId,
      id,
      new Date().toISOString(),
    );
  } finally {
    db.close();
  }
}

/**
 * A registered person's browser with their ticket, /my/registrations, /my/saved and the events in
 * them opened, and one more event page (in neither list).
 */
async function visitKeptPages(context: BrowserContext, page: Page, baseURL: string) {
  const org = await loginAs(context, baseURL, { firstName: "Orla" });
  const { eventNumber, eventName, people } = await seedCheckInEvent(org.id, ["Tara"]);
  const saved = seedRegistrationEvent();
  const other = seedRegistrationEvent();
  saveEvent(people[0]!.id, saved.eventNumber);
  await context.clearCookies();
  await signInAs(context, baseURL, people[0]!.id);
  await page.goto("/my/registrations");
  await controlled(page);
  for (const path of [
    `/event/${eventNumber}/ticket`,
    "/my/registrations",
    `/event/${eventNumber}`,
    "/my/saved",
    `/event/${saved.eventNumber}`,
    `/event/${other.eventNumber}`,
  ])
    await page.goto(path);
  return { eventNumber, eventName, saved, other, userId: people[0]!.id };
}

test.describe("the service worker", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "the service worker is registered by the page's JavaScript",
  );

  test("installable: a valid manifest, its icons, a worker controlling the page, no installability errors", async ({
    playwright,
  }, testInfo) => {
    // A browser context of its own is off the record, and Chromium (unlike its old headless shell)
    // reports 'in-incognito' for it: the installability check runs in a profile on disk, as a
    // person's browser is.
    const { launchOptions, baseURL } = testInfo.project.use;
    const profile = mkdtempSync(path.join(os.tmpdir(), "utsav-install-"));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await installable(page);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  async function installable(page: Page) {
    await page.goto("/");
    await controlled(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining("Utsav"),
      short_name: "Utsav",
      display: "standalone",
      start_url: "/",
      theme_color: "#5b2bd6",
      background_color: "#f7f7fb",
    });
    const sizes: string[] = [];
    for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      const png = await page.request.get(icon.src);
      expect(png.status()).toBe(200);
      const { width, height, format } = await sharp(await png.body()).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(format).toBe("png");
      sizes.push(`${icon.sizes} ${icon.purpose}`);
    }
    expect(sizes).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );

    const sw = await page.request.get("/sw.js");
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect(sw.headers()["service-worker-allowed"]).toBe("/");
    expect(
      page
        .context()
        .serviceWorkers()
        .map((w) => new URL(w.url()).pathname),
    ).toEqual(["/sw.js"]);

    const cdp = await page.context().newCDPSession(page);
    const { errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  }

  test("offline: the ticket, /my/registrations, /my/saved and the events in them open; any other page says 'You're offline' with links to them", async ({
    page,
    context,
    baseURL,
    jsEnabled,
  }) => {
    const { eventNumber, eventName, saved, other, userId } = await visitKeptPages(
      context,
      page,
      baseURL!,
    );
    await context.setOffline(true);

    await page.goto(`/event/${eventNumber}/ticket`);
    await expect(page.getByTestId("ticket").getByText("Tara Gate")).toBeVisible();
    await expect(page.getByTestId("short-code")).toHaveText(/^[A-Z2-9]{8}$/);
    await page.goto("/my/registrations");
    await expect(page.getByRole("link", { name: eventName }).first()).toBeVisible();
    await page.goto(`/event/${eventNumber}`);
    await expect(page.getByRole("heading", { name: eventName, level: 1 })).toBeVisible();
    await page.goto("/my/saved");
    await expect(page.getByRole("link", { name: saved.eventName }).first()).toBeVisible();
    await page.goto(`/event/${saved.eventNumber}`);
    await expect(page.getByRole("heading", { name: saved.eventName, level: 1 })).toBeVisible();

    // Opened but in neither list, or never opened: the offline page, listing what is kept.
    for (const path of [`/event/${other.eventNumber}`, "/my/certificates"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    }
    const kept = page.getByTestId("kept-pages").getByRole("link");
    await expect(kept).toHaveCount(5);
    expect(await kept.evaluateAll((as) => as.map((a) => a.getAttribute("href")).sort())).toEqual(
      [
        `/event/${eventNumber}`,
        `/event/${eventNumber}/ticket`,
        "/my/registrations",
        "/my/saved",
        `/event/${saved.eventNumber}`,
      ].sort(),
    );
    await shot(page, "app-offline", jsEnabled);
    await page.getByTestId("kept-pages").getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);

    // Back online, pages come from the network again: a kept page is never shown stale.
    await context.setOffline(false);
    await page.goto("/my/certificates");
    await expect(page.getByRole("heading", { name: "You're offline" })).toHaveCount(0);
    saveEvent(userId, other.eventNumber);
    await page.goto("/my/saved");
    await expect(page.getByRole("link", { name: other.eventName }).first()).toBeVisible();
  });

  const LOGOUTS = {
    "the profile's Logout button": async (page: Page) => {
      await page.goto("/profile");
      await hydrated(page, true);
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/login/);
    },
    // The form's own submit, past React: the POST navigation a browser without JavaScript sends.
    "the Logout form posted as without JavaScript": async (page: Page) => {
      await page.goto("/profile");
      await page.evaluate(() =>
        (document.getElementById("logout-form") as HTMLFormElement).submit(),
      );
      await expect(page).toHaveURL(/\/login/);
    },
    "the API's GET /user/logout": async (page: Page) => {
      expect(await page.evaluate(() => fetch("/api/v1/user/logout").then((r) => r.status))).toBe(
        200,
      );
    },
  };

  for (const [way, logOut] of Object.entries(LOGOUTS)) {
    test(`logging out by ${way} empties what was kept`, async ({ page, context, baseURL }) => {
      const { eventNumber } = await visitKeptPages(context, page, baseURL!);
      await logOut(page);
      await context.setOffline(true);
      await page.goto(`/event/${eventNumber}/ticket`);
      await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
      await expect(page.getByTestId("ticket")).toHaveCount(0);
      await expect(page.getByTestId("kept-pages").getByRole("link")).toHaveCount(0);
    });
  }

  test("the check-in page, once opened, opens and checks tickets offline", async ({
    page,
    context,
    browser,
    baseURL,
    jsEnabled,
    organiser: org,
  }) => {
    const { eventNumber, people } = await seedCheckInEvent(org.id, ["Anil"]);
    const anil = await browser.newContext();
    await signInAs(anil, baseURL!, people[0]!.id);
    const ticket = await (
      await anil.request.get(`${baseURL}/api/v1/event/${eventNumber}/ticket`)
    ).json();
    await anil.close();
    // The first visit installs the worker, which then keeps the page and its scripts.
    await page.goto(`/my/event/${eventNumber}/check-in`);
    await controlled(page);
    await keptForOffline(page);
    await hydrated(page, jsEnabled);
    await expect(page.getByTestId("progress")).toHaveText("Checked in 0 of 1");
    await context.setOffline(true);
    await page.reload();
    await hydrated(page, jsEnabled);
    await expect(page.getByTestId("progress")).toHaveText("Checked in 0 of 1");
    // A search answers from the list the device keeps (issue 45: it broke the page).
    await page.getByTestId("search").fill("anil");
    await page.getByTestId("search").press("Enter");
    await expect(page.getByTestId("offline-list")).toBeVisible();
    await expect(page.getByTestId("person")).toHaveCount(1);
    await page.getByTestId("ticket-code").fill(ticket.code);
    await page.getByTestId("ticket-code").press("Enter");
    await expect(page.getByTestId("scan-result")).toHaveText("Checked in: Anil Gate");
    await expect(page.getByTestId("waiting")).toHaveText("Offline: 1 scans waiting");
    await context.setOffline(false);
    await expect(page.getByTestId("waiting")).toHaveCount(0);
    // The page refreshes its kept list after a sync; logging out from another page comes after it
    // (leaving the page ends whatever it still had under way).
    await page.goto("/");
    // Logging out empties the people list kept on the device too.
    const keptLists = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open("utsav-check-in");
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction("lists").objectStore("lists").count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      );
    expect(await keptLists()).toBe(1);
    expect(await page.evaluate(() => fetch("/api/v1/user/logout").then((r) => r.status))).toBe(200);
    expect(await keptLists()).toBe(0);
  });
});

test("with JavaScript off no worker is registered and pages are as before", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  test.skip(jsEnabled, "about JavaScript off");
  await loginAs(context, baseURL!);
  await page.goto("/");
  await openMenu(page);
  await page.goto("/my/registrations");
  await expect(page.getByRole("heading", { name: "My Registrations" })).toBeVisible();
  expect(context.serviceWorkers()).toHaveLength(0);
  await context.setOffline(true);
  // Nothing answers offline: the browser's own error, not the offline page.
  await expect(page.goto("/my/registrations")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
});
