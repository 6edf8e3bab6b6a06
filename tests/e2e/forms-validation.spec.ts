import { expect, signedInTest } from "./fixtures";

/**
 * Decision 037: the signed-in forms get their constraints from the loader and their validation
 * (`app/utils/form-schemas.ts`) after the page; once it has loaded, a refused form sends nothing.
 */
signedInTest(
  "with JavaScript, signed-in forms validate in the browser once their validation has loaded",
  async ({ page, javaScriptEnabled }) => {
    signedInTest.skip(!javaScriptEnabled, "validation in the browser needs JavaScript");
    const loaded = page.waitForResponse((r) => /\/assets\/form-schemas-[\w-]+\.js$/.test(r.url()));
    await page.goto("/feedback");
    await loaded;
    await expect
      .poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")))
      .toBe(true);
    // Marked required from the server's constraint, before any script ran.
    await expect(page.getByLabel("Message")).toHaveAttribute("required", "");
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByText("Message is required")).toBeVisible();
    expect(posts).toEqual([]);
  },
);

signedInTest(
  "without JavaScript, the server answers a signed-in form with the same message",
  async ({ page, javaScriptEnabled }) => {
    signedInTest.skip(javaScriptEnabled, "the server's answer without JavaScript");
    await page.goto("/feedback");
    await expect(page.getByLabel("Message")).toHaveAttribute("required", "");
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByText("Message is required")).toBeVisible();
  },
);
