import type { Page } from "@playwright/test";
import { expect, hydrated, test, signedInTest } from "./fixtures";
import { loginAs } from "./session";
import { createDraft, randomEventNumber, testFile } from "./steps";

async function expectMessage(page: Page, message: string, nth = 0) {
  await expect(page.getByText(message, { exact: true }).nth(nth)).toBeVisible();
}

async function expectMessages(page: Page, messages: string[]) {
  for (const m of messages) await expectMessage(page, m);
}

test("step 1 shows its validation messages", async ({ page, context, baseURL, jsEnabled }) => {
  await loginAs(context, baseURL!, { collegeName: "" });
  await page.goto(`/event/create/${randomEventNumber()}/step1`);
  // Typed into and sent while React was still hydrating, the form once showed no messages in CI.
  await hydrated(page, jsEnabled);
  await page.getByLabel("Website (optional)").fill("not a website");
  await page.getByLabel("Festival Name (optional)").fill("ab");
  await page.getByRole("button", { name: "Next" }).click();
  await expectMessages(page, [
    "Event Logo is required",
    "Event Type is required",
    "Event Name is required",
    "Organisation Name is required",
    "Mode of Event is required",
    "Invalid Website Address",
    "Minimum 3 characters required",
  ]);
  await page.getByRole("radio", { name: "Offline" }).check();
  await page.getByLabel("Event Name").fill("ab");
  await page.getByLabel("City").fill("Ag");
  await page.getByRole("button", { name: "Next" }).click();
  await expectMessage(page, "Required");
  await expect(page.getByText("Minimum 3 characters required")).toHaveCount(3); // festival, name, city
  await expect(page.getByLabel("Event Name")).toHaveValue("ab");
});

test("step 1 moves the organiser to a free number when theirs is taken", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  // Someone else holds the number first.
  const otherContext = await browser.newContext();
  await loginAs(otherContext, baseURL!);
  const taken = await createDraft(otherContext.request);
  await otherContext.close();

  await loginAs(context, baseURL!);
  await page.goto(`/event/create/${taken}/step1?type=Fest`);
  await page.getByLabel("Event Logo").setInputFiles(testFile("logo.png"));
  await page.getByLabel("Event Name").fill("My Own Fest");
  await page.getByRole("radio", { name: "Online" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Event number ${taken} was taken`);
  await expect(page).toHaveURL(/\/event\/create\/\d{5}\/step2\?type=Fest$/);
  const moved = /create\/(\d{5})\//.exec(page.url())![1];
  expect(moved).not.toBe(taken);
  expect((await (await page.request.get(`/api/v1/event/details/${moved}`)).json()).eventName).toBe(
    "My Own Fest",
  );
});

signedInTest("step 2 shows its validation messages", async ({ page }) => {
  const n = await createDraft(page.request);
  await page.goto(`/event/create/${n}/step2?type=Fest`);
  await page.getByRole("button", { name: "Next" }).click();
  await expectMessage(page, "Required");
  await expectMessage(page, "Name is Required");
  await expectMessage(page, "Number is Required");
  await page.getByRole("radio", { name: "Team", exact: true }).check();
  await page.getByLabel("Minimum team size").fill("0");
  await page.getByLabel("Maximum team size").fill("1");
  await page.getByLabel("Registration Start (India time)").fill("");
  await page.getByTestId("contact-row").getByLabel("Name").fill("Ravi");
  await page.getByTestId("contact-row").getByLabel("Phone Number").fill("12345");
  await page.getByRole("button", { name: "Next" }).click();
  await expectMessages(page, [
    "Minimum 1 team member",
    "Minimum 2 team member",
    "Please select a date",
    "Invalid Number",
  ]);
});

signedInTest(
  "step 3 sections show their validation messages, and publish says what is missing",
  async ({ page }) => {
    const n = await createDraft(page.request);
    const base = `/event/create/${n}/step3?type=Fest`;

    await page.goto(base);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please complete these before publishing" }),
    ).toContainText("Event Banner (step 3)");

    await page.goto(`${base}&section=banner`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectMessage(page, "Event Banner is Required");

    await page.goto(`${base}&section=dates`);
    await page.getByRole("button", { name: "Add date" }).click();
    await page.getByRole("button", { name: "Add contact" }).click();
    await page.getByTestId("contact-row").getByLabel("Phone Number").fill("98765");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectMessages(page, ["Name is Required", "Please select a date", "Invalid Number"]);
    await page.getByTestId("date-row").getByLabel("Date (India time)").fill("2020-01-01T10:00");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectMessage(page, "Please select a valid date");

    await page.goto(`${base}&section=rounds`);
    await page.getByRole("button", { name: "Add round" }).click();
    const round = page.getByTestId("round-row");
    await round.getByLabel("Round Title").fill("");
    await round.getByLabel("Description").fill("");
    await round.getByLabel("Eliminator Round").selectOption("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectMessages(page, [
      "Round Title is required",
      "This field is required",
      "Start Date is Required",
      "End Date is Required",
      "Eliminator Round is Required",
    ]);
    await round.getByLabel("Round Title").fill("ab");
    await round.getByLabel("Start Date (India time)").fill("2020-01-02T10:00");
    await round.getByLabel("End Date (India time)").fill("2020-01-01T10:00");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectMessages(page, [
      "Minimum 3 characters required",
      "Start Date cannot be in the past",
      "End Date cannot be before Start Date",
    ]);

    await page.goto(`${base}&section=prizes`);
    await page.getByRole("button", { name: "Add prize" }).click();
    await page.getByTestId("prize-row").getByLabel("Rank").selectOption("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectMessage(page, "Rank is Required");
    await expectMessage(page, "Prize is Required");
    // A negative amount is not a missing one (issue 31).
    await page.getByTestId("prize-row").getByLabel("Rank").selectOption("1");
    await page.getByTestId("prize-row").getByLabel("Cash Amount (₹)").fill("-5");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectMessage(page, "Prize cannot be negative");

    await page.goto(`${base}&section=basic`);
    await page.getByLabel("Event Name").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectMessage(page, "Event Name is required");
  },
);

signedInTest(
  "a save from a stale tab is refused and keeps what was typed",
  async ({ page, context }) => {
    const n = await createDraft(page.request);
    await page.goto(`/event/create/${n}/step3?type=Fest&section=basic`);
    // Another tab saves first.
    const other = await context.newPage();
    await other.goto(`/event/create/${n}/step3?type=Fest&section=basic`);
    await other.getByLabel("Event Name").fill("Changed Elsewhere");
    await other.getByRole("radio", { name: "Individual", exact: true }).check();
    await other.getByLabel("Registration End (India time)").fill("2099-01-01T10:00");
    await other.getByLabel("Registration Start (India time)").fill("2098-01-01T10:00");
    await other.getByRole("button", { name: "Save", exact: true }).click();
    await expect(other.getByTestId("toast")).toContainText("Saved Successfully");
    await other.close();

    await page.getByLabel("Event Name").fill("Typed Here");
    await page.getByRole("radio", { name: "Individual", exact: true }).check();
    await page.getByLabel("Registration Start (India time)").fill("2098-01-01T10:00");
    await page.getByLabel("Registration End (India time)").fill("2099-01-01T10:00");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      page.getByRole("alert").filter({
        hasText:
          "This event was changed in another tab or window. Reload to see the latest version.",
      }),
    ).toBeVisible();
    await expect(page.getByLabel("Event Name")).toHaveValue("Typed Here");
  },
);
