import SQLite from "better-sqlite3";
import { newToken, sha256 } from "#server/lib/crypto";
import { expect, hydrated, test, uniqueEmail, signedInTest } from "./fixtures";
import { seedDiscovery } from "./seed";
import { dbFile, signInAs } from "./session";
import { banner, createDraft, expectBannerThatCloses, randomEventNumber, signUp } from "./steps";

/**
 * Flows that used to strand people (issue 11): server failures as the self-closing red banner,
 * the spec's 2 s waits before a forced move, the desktop search box, dead reset links, and two
 * layout slips. JavaScript on and off.
 */

test("flows (a): a refused login shows the red banner that closes by itself or by hand", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByLabel("Email Address").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("long-enough-password");
  await page.getByRole("button", { name: "Get started" }).click();
  await expectBannerThatCloses(page, "Invalid Email or Password");
  // What was typed stays.
  await expect(page.getByLabel("Email Address")).toHaveValue("nobody@example.com");

  // Closed by hand.
  await page.getByLabel("Password", { exact: true }).fill("long-enough-password");
  await page.getByRole("button", { name: "Get started" }).click();
  const red = banner(page).filter({ hasText: "Invalid Email or Password" });
  await expect(red).toBeVisible();
  await red.getByLabel("Close").click();
  await expect(red).toBeHidden();
});

test("flows (a): an unverified account is told so in the red banner", async ({ page }) => {
  const email = uniqueEmail("unverified");
  await signUp(page, { firstName: "Ravi", email, password: "s3cret-pass" });
  await page.goto("/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("s3cret-pass");
  await page.getByRole("button", { name: "Get started" }).click();
  await expectBannerThatCloses(page, /Please verify your e-mail before logging in/);
});

signedInTest(
  "flows (b): an unknown event in step 2 or 3 shows why for 2 s, then the category page",
  async ({ page }) => {
    test.setTimeout(60_000);
    for (const step of ["step2", "step3"]) {
      const n = randomEventNumber();
      await page.goto(`/event/create/${n}/${step}?type=Fest`);
      // Still here, saying why (a redirect at once would already be on the category page).
      expect(page.url()).not.toContain("/event/category");
      await expect(banner(page)).toContainText("Event not found");
      await expect(page).toHaveURL(/\/event\/category$/, { timeout: 6000 });
    }
  },
);

signedInTest(
  "flows (b): a session that ended before Next or Publish says so, then /login after 2 s",
  async ({ page, context, baseURL, me: user }) => {
    test.setTimeout(90_000);
    const n = await createDraft(page.request);
    const endSession = () => {
      const db = new SQLite(dbFile());
      db.pragma("busy_timeout = 5000");
      db.prepare("delete from sessions where userId = ?").run(user.id);
      db.close();
    };
    const cases: { url: string; button: string }[] = [
      { url: `/event/create/${n}/step1?type=Fest`, button: "Next" },
      { url: `/event/create/${n}/step2?type=Fest`, button: "Next" },
      { url: `/event/create/${n}/step3?type=Fest`, button: "Publish" },
    ];
    for (const c of cases) {
      await signInAs(context, baseURL!, user.id);
      await page.goto(c.url);
      await expect(page.getByRole("button", { name: c.button, exact: true })).toBeVisible();
      if (c.url.includes("step2")) {
        await page.getByRole("radio", { name: "Individual", exact: true }).check();
        await page.getByTestId("contact-row").getByLabel("Name").fill("Asha Verma");
        await page.getByTestId("contact-row").getByLabel("Phone Number").fill("9876543210");
      }
      endSession();
      await page.getByRole("button", { name: c.button, exact: true }).click();
      await expect(banner(page)).toContainText("Your session has ended: log in to continue");
      expect(page.url()).not.toContain("/login");
      await expect(page).toHaveURL(/\/login\?redirectTo=/, { timeout: 6000 });
      expect(decodeURIComponent(page.url())).toContain(`/event/create/${n}/`);
    }
  },
);

test("flows (c): the desktop top-bar box filters the search page as you type", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "without JavaScript every search box is sent with Enter");
  await seedDiscovery();
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/event/search?mode=Online");
  await expect(page.getByTestId("result-list")).toBeVisible();
  await hydrated(page, jsEnabled);
  const top = page.getByRole("searchbox", { name: "Search events" });
  await top.pressSequentially("zzqx nothing");
  await expect(page).toHaveURL(/q=zzqx/);
  // The page's other filters are kept.
  await expect(page).toHaveURL(/mode=Online/);
  await expect(page.getByRole("heading", { name: "No Event Found" })).toBeVisible();
  await expect(top).toBeFocused();
  await expect(top).toHaveValue("zzqx nothing");
});

signedInTest(
  "flows (d): a used or expired reset link says so on arrival",
  async ({ page, context, me: user }) => {
    await context.clearCookies();
    const db = new SQLite(dbFile());
    db.pragma("busy_timeout = 5000");
    const now = Date.now();
    const tokens = { used: newToken(), expired: newToken(), fresh: newToken() };
    const insert = db.prepare(
      "insert into tokens (tokenHash, userId, purpose, createdAt, expiresAt, usedAt) values (?, ?, 'reset', ?, ?, ?)",
    );
    const iso = (ms: number) => new Date(ms).toISOString();
    insert.run(sha256(tokens.used), user.id, iso(now - 60_000), iso(now + 600_000), iso(now));
    insert.run(sha256(tokens.expired), user.id, iso(now - 3_600_000), iso(now - 60_000), null);
    insert.run(sha256(tokens.fresh), user.id, iso(now), iso(now + 600_000), null);
    db.close();

    for (const token of [tokens.used, tokens.expired, "not-a-real-token"]) {
      await page.goto(`/${user.id}/reset-password/${token}`);
      await expect(page.getByRole("alert")).toHaveText("This link is invalid or has expired");
      await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
        "href",
        "/forgot-password",
      );
    }
    // A good link shows the form, and looking at it does not use it up.
    for (let i = 0; i < 2; i++) {
      await page.goto(`/${user.id}/reset-password/${tokens.fresh}`);
      await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
    }
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
    await page.getByRole("button", { name: "Reset Now" }).click();
    await expect(page.getByTestId("form-success")).toContainText("Password reset successfully");
  },
);

test("flows (e): the greeting reads 'Hello, Guest User' as it types", async ({ page }) => {
  await page.goto("/");
  const shown = page.getByTestId("greeting").locator("[aria-hidden=true]");
  await expect(shown).toContainText(", Guest User");
  await page.waitForLoadState("networkidle");
  // The space between the greeting word's last letter and its comma, over two seconds of typing.
  const gaps: number[] = [];
  for (let i = 0; i < 10; i++) {
    const gap = await shown.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const chars: { node: Text; offset: number; ch: string }[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n as Text;
        for (let o = 0; o < text.data.length; o++)
          chars.push({ node: text, offset: o, ch: text.data[o] });
      }
      const comma = chars.findIndex((c) => c.ch === ",");
      if (comma < 1) return null;
      const rect = (c: { node: Text; offset: number }) => {
        const r = document.createRange();
        r.setStart(c.node, c.offset);
        r.setEnd(c.node, c.offset + 1);
        return r.getBoundingClientRect();
      };
      return rect(chars[comma]).left - rect(chars[comma - 1]).right;
    });
    if (gap !== null) gaps.push(gap);
    await page.waitForTimeout(200);
  }
  expect(gaps.length).toBeGreaterThan(0);
  expect(Math.max(...gaps.map(Math.abs))).toBeLessThan(1);
});

test("flows (e): the footer reaches the bottom of a short page", async ({ page }) => {
  for (const size of [
    { width: 360, height: 900 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.goto("/event/search?q=zzqx+nothing+matches");
    await expect(page.getByRole("heading", { name: "No Event Found" })).toBeVisible();
    const bottom = await page
      .getByRole("contentinfo")
      .evaluate((el) => el.getBoundingClientRect().bottom);
    expect(bottom).toBeGreaterThanOrEqual(size.height - 1);
  }
});
