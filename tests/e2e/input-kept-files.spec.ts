import type { Page } from "@playwright/test";
import { expect, test, signedInTest } from "./fixtures";
import { loginAs } from "./session";
import { createDraft, eventDetails, inDays, randomEventNumber, testFile } from "./steps";
import { shot } from "./shots";

/**
 * A picked file survives a refused form (issue 11): kept as a pending upload of its user, shown
 * as chosen ('logo.png, kept'), and used by the next submission unless another file is picked.
 * Without JavaScript each refusal is a page load, so the file input comes back empty; with it,
 * Conform refuses in the browser and the input keeps its file, and the save must still work.
 */

/** A new event's step 1 with the logo picked, an Event Name typed and Online chosen. */
async function newEventWithLogo(page: Page, eventName: string) {
  await page.goto(`/event/create/${randomEventNumber()}/step1?type=Fest`);
  await page.getByLabel("Event Logo").setInputFiles(testFile("logo.png"));
  await page.getByLabel("Event Name").fill(eventName);
  await page.getByRole("radio", { name: "Online" }).check();
}

/** The event number of the step page the browser moved to. */
async function movedToStep2(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/event\/create\/\d+\/step2/, { timeout: 10_000 });
  return /\/create\/(\d+)\/step2/.exec(page.url())![1]!;
}

signedInTest(
  "step 1: a logo picked with a refused form is kept and saved with the fixed form",
  async ({ page, jsEnabled }) => {
    await newEventWithLogo(page, "Ab");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Minimum 3 characters required", { exact: true })).toBeVisible();
    if (!jsEnabled) {
      await expect(page.getByText("logo.png, kept", { exact: true })).toBeVisible();
      await shot(page, "kept-logo", jsEnabled);
    }
    await page.getByLabel("Event Name").fill("Abacus Quiz");
    await page.getByRole("button", { name: "Next" }).click();
    const n = await movedToStep2(page);
    await expect(page.getByText("Event Logo is required")).toHaveCount(0);
    expect((await eventDetails(page.request, n)).eventLogo).toMatch(
      /^\/api\/v1\/files\/\w+\.webp$/,
    );
  },
);

test("step 1: 'Load About for this type' without JavaScript keeps the picked logo", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  test.skip(
    jsEnabled,
    "'Load About for this type' is the page reload of the form without JavaScript",
  );
  await loginAs(context, baseURL!);
  await newEventWithLogo(page, "Abacus Quiz");
  await page.getByRole("button", { name: "Load About for this type" }).click();
  await expect(page.getByText("logo.png, kept", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  const n = await movedToStep2(page);
  expect((await eventDetails(page.request, n)).eventLogo).toMatch(/^\/api\/v1\/files\/\w+\.webp$/);
});

signedInTest(
  "step 1: a kept logo can be removed, and then the logo is required again",
  async ({ page, jsEnabled }) => {
    test.skip(jsEnabled, "the kept note appears after a page load");
    await newEventWithLogo(page, "Ab");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("logo.png, kept", { exact: true })).toBeVisible();
    await page.getByLabel("Event Name").fill("Abacus Quiz");
    await page.getByRole("checkbox", { name: "Remove" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Event Logo is required", { exact: true })).toBeVisible();
    await expect(page.getByText("logo.png, kept")).toHaveCount(0);
  },
);

signedInTest(
  "dates panel: the brochure survives a refused Save and an 'Add date' reload",
  async ({ page, jsEnabled }) => {
    const n = await createDraft(page.request);
    await page.goto(`/event/create/${n}/step3?type=Fest&section=dates`);
    await page.getByLabel("Brochure (PDF or spreadsheet)").setInputFiles(testFile("brochure.pdf"));
    // A reload for a new row (without JavaScript) keeps the brochure.
    await page.getByRole("button", { name: "Add date" }).click();
    const row = page.getByTestId("date-row").first();
    await expect(row.getByLabel("Title")).toBeVisible();
    if (!jsEnabled)
      await expect(page.getByText("brochure.pdf, kept", { exact: true })).toBeVisible();
    // A refused Save (the new date has no title) keeps it too.
    await row.getByLabel("Date (India time)").fill(inDays(20));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Name is Required", { exact: true })).toBeVisible();
    if (!jsEnabled) {
      await expect(page.getByText("brochure.pdf, kept", { exact: true })).toBeVisible();
      await shot(page, "kept-brochure", jsEnabled);
    }
    await row.getByLabel("Title").fill("Registration closes");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("Saved Successfully");
    await expect
      .poll(async () => (await eventDetails(page.request, n)).eventBrochure)
      .toMatch(/^\/api\/v1\/files\/\w+\.pdf$/);
  },
);

signedInTest(
  "profile: an avatar picked with a refused Save is kept and saved with the fixed form",
  async ({ page, jsEnabled }) => {
    await page.goto("/profile");
    await page
      .getByLabel("Change avatar")
      .setInputFiles({ ...testFile("logo.png"), name: "me.png" });
    await page.getByLabel("First Name").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("First Name is required", { exact: true })).toBeVisible();
    if (!jsEnabled) {
      await expect(page.getByText("me.png, kept", { exact: true })).toBeVisible();
      await shot(page, "kept-avatar", jsEnabled);
    }
    await page.getByLabel("First Name").fill("Asha");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("toast")).toContainText("Profile Updated Successfully");
    const me = await page.request.get("/api/v1/user/profile");
    expect(((await me.json()) as { profileImg: string | null }).profileImg).toMatch(
      /^\/api\/v1\/files\/\w+\.webp$/,
    );
  },
);
