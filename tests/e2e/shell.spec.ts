import { expect, hydrated, openMenu, test } from "./fixtures";

test.describe("app shell", () => {
  test("home renders the greeting, categories and Host Now banner", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Home - Utsav");
    await expect(page.getByTestId("greeting")).toContainText("Guest User");
    for (const type of [
      "Hackathon & Coding Challenges",
      "Quizzes",
      "Competitions & Challenges",
      "Fest",
      "Webinars & Workshops",
    ]) {
      await expect(page.getByRole("link", { name: type, exact: true })).toHaveAttribute(
        "href",
        `/event/search?type=${encodeURIComponent(type)}`,
      );
    }
    await expect(page.getByRole("main").getByRole("link", { name: "Host Now" })).toHaveAttribute(
      "href",
      "/event/category",
    );
  });

  test("the greeting types through four languages with JavaScript", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript the greeting is static English text (checked above)");
    await page.goto("/");
    const greeting = page.getByTestId("greeting").locator("[aria-hidden=true]");
    await expect(greeting).toContainText("नमस्ते", { timeout: 8000 });
  });

  test("the logged-out menu slides in with its items", async ({ page }) => {
    await page.goto("/");
    await openMenu(page);
    const menu = page.getByRole("navigation", { name: "Main menu" });
    for (const item of ["Login", "Create Account", "Host Now", "Search Event", "Feedback"]) {
      await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    for (const item of ["My Events", "My Registrations", "Saved", "Certificates", "Profile"])
      await expect(menu.getByRole("link", { name: item, exact: true })).toHaveCount(0);
    await menu.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a menu opened before the JavaScript arrives stays open, and closes after a navigation", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(
      !jsEnabled,
      "without JavaScript there is no hydration to wait for (the menu is checked above)",
    );
    // Hold the page's scripts, as a slow network does, while the visitor opens the menu.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    await openMenu(page);
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    release();
    await hydrated(page, jsEnabled);
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Search Event" }).click();
    await expect(page).toHaveURL(/\/event\/search$/);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
  });

  test("the footer has its links and three social icons", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacypolicy",
    );
    await expect(footer.getByRole("link", { name: "Host Now" })).toHaveAttribute(
      "href",
      "/event/category",
    );
    await expect(footer.getByRole("link", { name: "Search" })).toHaveAttribute(
      "href",
      "/event/search",
    );
    await expect(footer.getByRole("link", { name: /contact/i })).toHaveAttribute(
      "href",
      /^mailto:/,
    );
    await expect(footer.getByRole("link", { name: /Utsav on/ })).toHaveCount(3);
  });

  test("privacy policy renders at /privacypolicy and /PrivacyPolicy", async ({ page }) => {
    for (const path of ["/privacypolicy", "/PrivacyPolicy"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
      for (const h of [
        "Information we collect",
        "How we use information",
        "Security",
        "Third-party links",
        "Children under 13",
        "Changes to this policy",
      ]) {
        await expect(page.getByRole("heading", { name: h })).toBeVisible();
      }
      await expect(page.getByRole("link", { name: /@/ }).first()).toHaveAttribute(
        "href",
        /^mailto:/,
      );
    }
  });

  test("login and signup pages render", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Login your account" })).toBeVisible();
    await page.goto("/Login");
    await expect(page.getByRole("heading", { name: "Login your account" })).toBeVisible();
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Sign up to Utsav" })).toBeVisible();
  });

  test("an unknown page shows the error screen with the status text", async ({ page }) => {
    const res = await page.goto("/no/such/page/here");
    expect(res?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByTestId("error-detail")).toContainText("Not Found");
  });

  test("the desktop search box submits to the search page; hidden on phones", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const box = page.getByRole("searchbox", { name: "Search events" });
    await box.fill("tech fest");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/event\/search\?q=tech\+fest/);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await expect(page.getByRole("searchbox", { name: "Search events" })).toBeHidden();
  });

  test("pages carry a CSP with a fresh nonce per response", async ({ page }) => {
    const first = await page.goto("/");
    const second = await page.goto("/");
    const a = first!.headers()["content-security-policy"];
    const b = second!.headers()["content-security-policy"];
    expect(a).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(a).toContain("frame-ancestors 'none'");
    expect(a).not.toBe(b);
    expect(first!.headers()["x-content-type-options"]).toBe("nosniff");
  });
});

test("form pages run without a CSP violation (zod's eval probe is off in the browser)", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!jsEnabled, "the violation came from the forms' JavaScript");
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  for (const path of ["/login", "/signup"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  }
});

test("on the search page the top bar's box keeps the chosen type and mode", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/event/search?type=Fest&mode=Offline");
  const box = page.getByRole("searchbox", { name: "Search events" });
  await box.fill("utsav");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/event\/search\?q=utsav&type=Fest&mode=Offline$/);
});
