import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { chooseGoogleAccount, googleProfile, type MockGoogleChoice } from "./oauth-mock";

/**
 * Google sign-in through the real buttons, against a local OAuth2 server standing in for Google
 * (started by playwright.config.ts). The provider answers at once as the account chosen per test.
 */

async function profileId(page: Page): Promise<string | null> {
  const res = await page.request.get("/api/v1/user/profile");
  return res.ok() ? ((await res.json()) as { _id: string })._id : null;
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "utsav_session");
}

test("a new user signs in with Google and lands home greeted by name; next time they get the same account", async ({
  page,
  context,
}) => {
  const profile = googleProfile("e2e", { given_name: "Meera", family_name: "Iyer" });
  await chooseGoogleAccount(context, { profile });

  await page.goto("/signup");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("greeting")).toContainText("Meera Iyer");
  const firstId = await profileId(page);
  expect(firstId).toMatch(/^[0-9a-f]{24}$/);
  // Nothing from Google is kept in the browser: the session cookie is ours, the state is gone.
  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).not.toContain("utsav_google_state");
  expect(cookies.map((c) => c.value).join(" ")).not.toMatch(/eyJ/);

  // Signed out (cookies gone), the same Google account signs in again from /login.
  await context.clearCookies();
  await chooseGoogleAccount(context, { profile });
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("greeting")).toContainText("Meera Iyer");
  expect(await profileId(page)).toBe(firstId);
});

const failures: [string, MockGoogleChoice["outcome"], RegExp][] = [
  ["a tampered state", "tamper-state", /could not be verified/],
  ["a missing state", "drop-state", /could not be verified/],
  ["a provider error", "access_denied", /Google sign-in was cancelled/],
];

test("a tampered state, a missing state and a provider error each end on /login with a message and no session", async ({
  page,
  context,
}) => {
  for (const [, outcome, message] of failures) {
    await chooseGoogleAccount(context, { profile: googleProfile("fail"), outcome });
    await page.goto("/login");
    const landed = page
      .waitForResponse((r) => r.url().includes("/login-with-google?"))
      .then(() => Date.now());
    const leaving = page.waitForRequest((r) => /\/login$/.test(r.url())).then(() => Date.now());
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/\/login-with-google\?/);
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    // After 2.5 s (a timer with JavaScript; without, a meta refresh of 3 s, whole seconds only)
    // the login page, with the message.
    await page.waitForURL(/\/login$/, { timeout: 6000 });
    const waited = (await leaving) - (await landed);
    // It waits (about 2.5 s), rather than leaving at once; not a stopwatch, so a loose bound.
    expect(waited).toBeGreaterThanOrEqual(2000);
    expect(waited).toBeLessThan(4500);
    await expect(page.getByTestId("toast")).toContainText(message);
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await profileId(page)).toBeNull();
  }
});

test("the landing page without a query string goes to /login at once", async ({ page }) => {
  await page.goto("/login-with-google");
  await expect(page).toHaveURL(/\/login$/);
});
