import type { Page } from "@playwright/test";
import { expect, hydrated, signedInTest, test } from "./fixtures";
import { seedRegistrationEvent } from "./registration-seed";
import { loginAs } from "./session";
import { shot } from "./shots";
import { createDraft } from "./steps";

/**
 * Decision 040: parts of a page whose code comes after the page (step 3's panels, the organiser
 * page's sections). The server renders them in full (so without JavaScript nothing changes); with
 * it, the server's HTML stays on screen until the part's code is there, then is hydrated in place:
 * no hydration error, no section switching to client rendering (React's #418–#425), and a panel
 * validates in the browser, sending nothing.
 */
test.describe.configure({ timeout: 90_000 });

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    // A refused form is answered 400 without JavaScript: the browser logs that, and it is right.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
      errors.push(m.text());
  });
  return errors;
}

/**
 * Holds back the code of the parts (chunks named `…Panel-*.js`) for a moment, as a slow network
 * would, and says whether one was asked for.
 */
async function slowParts(page: Page): Promise<{ asked: () => boolean }> {
  let asked = false;
  await page.route(/\/assets\/\w*Panel-[\w-]+\.js$/, async (route) => {
    asked = true;
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  return { asked: () => asked };
}

/** Waits until the page's parts have loaded (nothing more on the wire). */
async function partsLoaded(page: Page, jsEnabled: boolean) {
  await hydrated(page, jsEnabled);
  if (jsEnabled) await page.waitForLoadState("networkidle");
}

signedInTest(
  "a step-3 panel is in the HTML, hydrates in place and validates in the browser",
  async ({ page, jsEnabled }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 360, height: 800 });
    const n = await createDraft(page.request);
    await page.goto(`/event/create/${n}/step3?type=Fest&section=rounds`);
    await expect(page.getByRole("heading", { name: "Rounds Details Form" })).toBeVisible();
    await partsLoaded(page, jsEnabled);
    await page.getByRole("button", { name: "Add round" }).click();
    const round = page.getByTestId("round-row");
    await expect(round).toHaveCount(1);
    await shot(page, "lazy-step3-rounds", jsEnabled);

    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await round.getByLabel("Round Title").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Round Title is required", { exact: true })).toBeVisible();
    // With JavaScript the section's schema, loaded after the page, refused it: nothing was sent.
    if (jsEnabled) expect(posts).toEqual([]);

    // To another section and back: each panel shows at once (preloaded while the browser was idle).
    await page.getByRole("link", { name: "Close" }).first().click();
    await page
      .getByRole("link", { name: /Prizes/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Prizes", level: 2 })).toBeVisible();
    expect(errors).toEqual([]);
  },
);

test("the organiser page's section hydrates in place, and each section shows from the menu", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 360, height: 800 });
  const organiser = await loginAs(context, baseURL!, { firstName: "Lata" });
  const { eventNumber: n } = seedRegistrationEvent({ madeBy: organiser.id });
  const parts = await slowParts(page);

  await page.goto(`/my/event/${n}?section=registrations`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("registration-counts")).toBeVisible();
  const before = await page.getByTestId("registration-counts").boundingBox();
  expect(parts.asked()).toBe(jsEnabled);
  await partsLoaded(page, jsEnabled);
  // The same box after the part's code arrived: hydrated in place, nothing moved.
  expect(await page.getByTestId("registration-counts").boundingBox()).toEqual(before);
  await shot(page, "lazy-organiser-registrations", jsEnabled);

  await page.goto(`/my/event/${n}`);
  await partsLoaded(page, jsEnabled);
  await expect(page.getByRole("heading", { name: "Insights", level: 2 })).toBeVisible();
  await shot(page, "lazy-organiser-overview", jsEnabled);
  await page.getByTestId("section-nav").getByRole("link", { name: "Team", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Team", "Activity"]);
  expect(errors).toEqual([]);
});
