import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { loginAs } from "./session";
import { inDays, testFile } from "./steps";

async function expectToast(page: Page, message: string | RegExp) {
  await expect(page.getByTestId("toast").filter({ hasText: message })).toBeVisible();
}

async function openSection(page: Page, title: string) {
  await page.getByRole("link", { name: `Edit ${title}` }).click();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Saved Successfully");
  await expect(page.getByRole("heading", { name: "Customise Features" })).toBeVisible();
}

test("an organiser hosts an event from category to publish", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  test.setTimeout(90_000);
  await loginAs(context, baseURL!, { collegeName: "IIT Delhi" });

  await page.goto("/event/category");
  await expect(page).toHaveTitle("Event Category");
  await expect(page.getByRole("heading", { name: "Host Your Event" })).toBeVisible();
  await expect(page.getByText("Select your Event Category From Below")).toBeVisible();
  for (const label of [
    "Create Hackathon",
    "Create Fest",
    "Create Cultural Events",
    "Create Quizzes",
    "Create Competition",
    "Create Workshops",
  ]) {
    await expect(page.getByRole("link", { name: label })).toBeVisible();
  }
  await page.getByRole("link", { name: "Create Quizzes" }).click();
  await expect(page).toHaveURL(/\/event\/create\/\d{5}\/step1\?type=Quizzes$/);
  const eventNumber = /create\/(\d{5})\//.exec(page.url())![1];

  // Step 1
  await expect(page.getByLabel("Organisation Name")).toHaveValue("IIT Delhi");
  await expect(page.getByLabel("Event Type")).toHaveValue("Quizzes");
  if (jsEnabled)
    await expect(page.getByTestId("about-editor")).toContainText("Test your knowledge");
  else
    await expect(page.getByRole("textbox", { name: "About Event" })).toHaveValue(
      /Test your knowledge/,
    );
  await page.getByLabel("Event Logo").setInputFiles(testFile("logo.png"));
  await page.getByLabel("Event Name").fill("Brain Bowl 2026");
  await expect(page.getByLabel("Country")).toBeHidden();
  await page.getByRole("radio", { name: "Offline" }).check();
  await expect(page.getByLabel("Country")).toBeVisible();
  await page.getByLabel("Country").fill("India");
  await page.getByLabel("State").fill("Delhi");
  await page.getByLabel("City").fill("New Delhi");
  await page.getByLabel("Location (optional)").fill("Lecture Hall Complex");
  await page.getByRole("button", { name: "Next" }).click();
  await expectToast(page, "Step I completed successfully");
  await expect(page).toHaveURL(new RegExp(`/event/create/${eventNumber}/step2\\?type=Quizzes$`));

  // Step 2: team of 2-5, two contacts (a third added then removed)
  await expect(page.getByLabel("Minimum team size")).toBeHidden();
  await page.getByRole("radio", { name: "Team", exact: true }).check();
  await expect(page.getByLabel("Minimum team size")).toHaveValue("1");
  await expect(page.getByLabel("Maximum team size")).toHaveValue("4");
  await page.getByLabel("Minimum team size").fill("2");
  await page.getByLabel("Maximum team size").fill("5");
  await page.getByLabel("Registration End (India time)").fill(inDays(20, 18));
  const contacts = page.getByTestId("contact-row");
  await contacts.nth(0).getByLabel("Name").fill("Ravi Kumar");
  await contacts.nth(0).getByLabel("Phone Number").fill("9876543210");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(contacts).toHaveCount(2);
  await contacts.nth(1).getByLabel("Name").fill("Meera Shah");
  await contacts.nth(1).getByLabel("Phone Number").fill("9123456780");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(contacts).toHaveCount(3);
  await page.getByRole("button", { name: "Remove contact 3" }).click();
  await expect(contacts).toHaveCount(2);
  await expect(contacts.nth(1).getByLabel("Name")).toHaveValue("Meera Shah");
  await page.getByRole("button", { name: "Next" }).click();
  await expectToast(page, "Step II completed successfully");
  await expect(page).toHaveURL(new RegExp(`/event/create/${eventNumber}/step3`));

  // Step 3: every section
  const preview = page.getByRole("region", { name: "Live preview" });
  await expect(preview.getByTestId("event-view")).toContainText("Brain Bowl 2026");

  await openSection(page, "Event Banners & Theme");
  await expect(page.getByRole("heading", { name: "Event Banner" })).toBeVisible();
  await page.locator('input[name="eventBanner"]').setInputFiles(testFile("banner.png"));
  await save(page);
  await expect(page.getByTestId("summary-banner")).toContainText("Banner added");

  await openSection(page, "About The Event");
  // The panel heading, not the preview's section of the same name.
  await expect(page.locator("#step3-about-title")).toBeVisible();
  if (jsEnabled) {
    const editor = page.getByTestId("about-editor");
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    await page.keyboard.type("Quiz Rules");
    await page.getByRole("button", { name: "Heading", exact: true }).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("Teams of two");
    await page.keyboard.press("Enter");
    await page.keyboard.type("No phones");
    await expect(editor.locator("h2")).toHaveText("Quiz Rules");
    await expect(editor.locator("li")).toHaveCount(2);
  } else {
    await page
      .getByRole("textbox", { name: "About Event" })
      .fill("<h2>Quiz Rules</h2><ul><li>Teams of two</li><li>No phones</li></ul>");
  }
  await save(page);

  await openSection(page, "Important Dates, Contact & Manuals");
  await expect(
    page.getByRole("heading", { name: "Important Dates with Important Contact and Brochure" }),
  ).toBeVisible();
  await expect(page.getByTestId("contact-row")).toHaveCount(2);
  const dateRows = page.getByTestId("date-row");
  await page.getByRole("button", { name: "Add date" }).click();
  await page.getByRole("button", { name: "Add date" }).click();
  await expect(dateRows).toHaveCount(2);
  await dateRows.nth(0).getByLabel("Title").fill("Prelims");
  await dateRows.nth(0).getByLabel("Date (India time)").fill(inDays(25));
  await dateRows.nth(1).getByLabel("Title").fill("Finals");
  await dateRows.nth(1).getByLabel("Date (India time)").fill(inDays(26));
  await page.getByLabel("Brochure Title (optional)").fill("Rulebook");
  await page.getByLabel("Brochure (PDF or spreadsheet)").setInputFiles(testFile("brochure.pdf"));
  await save(page);
  await expect(page.getByTestId("summary-dates")).toContainText(
    "2 dates · 2 contacts · Brochure added",
  );

  await openSection(page, "Rounds & Timeline");
  await expect(page.getByRole("heading", { name: "Rounds Details Form" })).toBeVisible();
  const roundRows = page.getByTestId("round-row");
  await page.getByRole("button", { name: "Add round" }).click();
  await expect(roundRows.nth(0).getByLabel("Round Title")).toHaveValue("Offline Round");
  await expect(roundRows.nth(0).getByLabel("Eliminator Round")).toHaveValue("true");
  await page.getByRole("button", { name: "Add round" }).click();
  await expect(roundRows).toHaveCount(2);
  await roundRows.nth(0).getByLabel("Round Title").fill("Prelims");
  await roundRows.nth(0).getByLabel("Start Date (India time)").fill(inDays(25, 10));
  await roundRows.nth(0).getByLabel("End Date (India time)").fill(inDays(25, 12));
  await roundRows.nth(1).getByLabel("Round Title").fill("Finals");
  await roundRows.nth(1).getByLabel("Description").fill("Six teams on stage, buzzer rounds.");
  await roundRows.nth(1).getByLabel("Start Date (India time)").fill(inDays(26, 10));
  await roundRows.nth(1).getByLabel("End Date (India time)").fill(inDays(26, 13));
  await roundRows.nth(1).getByLabel("Eliminator Round").selectOption("false");
  await save(page);
  await expect(page.getByTestId("summary-rounds")).toContainText("2 rounds: Prelims, Finals");

  await openSection(page, "Prizes");
  await expect(page.getByText("Amounts are in Indian rupees")).toBeVisible();
  const prizeRows = page.getByTestId("prize-row");
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Add prize" }).click();
  await expect(prizeRows).toHaveCount(3);
  await expect(prizeRows.nth(2).getByLabel("Rank")).toHaveValue("3");
  await prizeRows.nth(0).getByLabel("Cash Amount (₹)").fill("5000");
  await prizeRows.nth(1).getByLabel("Cash Amount (₹)").fill("3000");
  await prizeRows.nth(2).getByLabel("Cash Amount (₹)").fill("1000");
  await save(page);
  await expect(page.getByTestId("summary-prizes")).toContainText("3 prizes · Winner ₹5,000");

  // The preview follows the form as you type (JavaScript), and shows the saved event either way.
  if (jsEnabled) {
    await openSection(page, "Basic Details & Registrations");
    await page.getByLabel("Event Name").fill("Brain Bowl Live");
    await expect(preview.getByTestId("event-view")).toContainText("Brain Bowl Live");
    await page.getByRole("link", { name: "Close" }).first().click();
  }
  await expect(preview.getByTestId("event-view")).toContainText("Brain Bowl 2026");

  const draft = await page.request.get(`/api/v1/event/details/${eventNumber}`);
  const saved = await draft.json();
  expect(saved).toMatchObject({
    status: "draft",
    participationType: "team",
    minTeam: 2,
    maxTeam: 5,
    modeOfEvent: "Offline",
    cityName: "New Delhi",
  });
  expect(saved.aboutEvent).toMatch(/<h2>Quiz Rules<\/h2>/);
  expect(saved.aboutEvent).toMatch(/<ul><li>(<span>)?Teams of two/);
  expect(saved.contactDetails).toEqual([
    { name: "Ravi Kumar", number: "9876543210" },
    { name: "Meera Shah", number: "9123456780" },
  ]);
  expect(saved.rounds.map((r: { isEliminatorRound: string }) => r.isEliminatorRound)).toEqual([
    "true",
    "false",
  ]);
  expect(saved.prizes).toEqual([
    { rank: 1, cashAmount: 5000 },
    { rank: 2, cashAmount: 3000 },
    { rank: 3, cashAmount: 1000 },
  ]);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${eventNumber}$`));
  const published = await page.request.get(`/api/v1/event/details/${eventNumber}`);
  expect((await published.json()).status).toBe("active");
});
