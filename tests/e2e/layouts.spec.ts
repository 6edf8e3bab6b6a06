import SQLite from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, openMenu, test, signedInTest } from "./fixtures";
import { dbFile, loginAs } from "./session";

test("a signed-in visitor sees their name, avatar and the logged-in menu", async ({
  page,
  context,
  baseURL,
}) => {
  await loginAs(context, baseURL!, { firstName: "Ravi", lastName: "Kumar" });
  await page.goto("/");
  await expect(page.getByTestId("greeting")).toContainText("Ravi Kumar");
  await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();
  await openMenu(page);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  for (const [item, href] of [
    ["Host Now", "/event/category"],
    ["My Events", "/my/event"],
    // SPEC-2 §1: the menu gains My Registrations, Saved and Certificates for signed-in users.
    ["My Registrations", "/my/registrations"],
    ["Saved", "/my/saved"],
    ["Certificates", "/my/certificates"],
    // SPEC-4 §4: the organisations followed.
    ["Following", "/my/following"],
    ["Profile", "/profile"],
    ["Search Event", "/event/search"],
    ["Feedback", "/feedback"],
  ]) {
    const link = menu.getByRole("link", { name: item, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", href);
  }
  await expect(menu.getByRole("link", { name: "Login" })).toHaveCount(0);
  await menu.getByRole("link", { name: "My Registrations", exact: true }).click();
  await expect(page).toHaveURL(/\/my\/registrations$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a signed-in page sends a visitor to /login with redirectTo", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});

/**
 * A draft whose stored important dates hold a null (as a hand edit or an old bug might leave them): the
 * API still answers, and the page showing it fails while rendering. A draft, so only its creator
 * ever sees it and no other test's lists include it.
 */
function insertBrokenDraft(userId: string): string {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const now = new Date().toISOString();
  try {
    for (;;) {
      const n = String(100000 + Math.floor(Math.random() * 900000));
      try {
        db.prepare(
          `insert into events (eventNumber, madeBy, status, version, eventType, eventName,
             organisationName, modeOfEvent, importantDates, createdAt, updatedAt)
           values (?, ?, 'draft', 1, 'Fest', 'Broken Fest', 'IIT Delhi', 'Online', '[null]', ?, ?)`,
        ).run(n, userId, now, now);
        return n;
      } catch (err) {
        if (!/UNIQUE/i.test(String(err))) throw err;
      }
    }
  } finally {
    db.close();
  }
}

async function expectErrorInFrame(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res!.status()).toBe(500);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Utsav" })).toBeVisible();
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }),
  ).toBeVisible();
  await openMenu(page);
  await expect(
    page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "My Events" }),
  ).toBeVisible();
}

signedInTest(
  "an error inside a page keeps the top bar, menu and footer, under both layouts",
  async ({ page, me: user }) => {
    const n = insertBrokenDraft(user.id);
    // _public: the event page's boundary answers 404 itself and leaves the rest to the shared one,
    // rendered inside the layout's frame.
    await expectErrorInFrame(page, `/event/${n}`);
    // _user: the step-3 page (summary and live preview) has no boundary of its own: the layout's
    // boundary shows the error in the frame.
    await expectErrorInFrame(page, `/event/create/${n}/step3?type=Fest`);
  },
);
