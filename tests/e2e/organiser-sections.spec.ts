import { newId } from "#server/lib/crypto";
import { expect, test } from "./fixtures";
import { registerUsers, seedRegistrationEvent } from "./registration-seed";
import { insertUser, loginAs } from "./session";
import { shot } from "./shots";

/**
 * Issue 45: the organiser page (/my/event/{n}) is one section at a time, each its own URL that works
 * without JavaScript, reached from a menu of links; no section is the overview. On a phone.
 */
test.describe.configure({ timeout: 90_000 });

const SECTIONS: [label: string, search: string, headings: string[]][] = [
  ["Overview", "", ["Insights"]],
  ["Registrations", "?section=registrations", ["Registrations"]],
  ["Rounds & results", "?section=rounds", ["Results", "Winners"]],
  ["Judging", "?section=judging", ["Judging"]],
  ["Updates", "?section=updates", ["Updates"]],
  ["Certificates", "?section=certificates", ["Certificates"]],
  ["Team", "?section=team", ["Team", "Activity"]],
];

test("each section of the organiser page is its own URL, reached from the menu, at 360 px", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const organiser = await loginAs(context, baseURL!, { firstName: "Esha" });
  const { eventNumber: n } = seedRegistrationEvent({ madeBy: organiser.id });
  const ids = ["Ravi", "Sana"].map((firstName) => {
    const id = newId();
    insertUser({ id, email: `${firstName.toLowerCase()}.${id}@example.com`, firstName });
    return id;
  });
  await registerUsers(n, ids, { each: true });

  await page.goto(`/my/event/${n}`);
  const menu = page.getByTestId("section-nav");
  const headings = page.getByRole("heading", { level: 2 });
  for (const [label, search, titles] of SECTIONS) {
    await menu.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(`/my/event/${n}${search}`);
    await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // Only this section: its headings and no other section's.
    await expect(headings).toHaveText(titles);
    await expect(page.getByTestId("event-status")).toContainText(`Event ${n}`);
  }
  await shot(page, "organiser-section-team", jsEnabled);

  // Each URL opens its section directly too (a bookmark, a link in a mail).
  await page.goto(`/my/event/${n}?section=registrations`);
  await expect(page.getByTestId("registration-counts")).toContainText("2 registrations");
  await shot(page, "organiser-section-registrations", jsEnabled);
  // One section is a short page on a phone, not the 13,300 px of every section at once.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(3000);

  // Check-in is its own page, linked from the same menu.
  await page.goto(`/my/event/${n}`);
  await shot(page, "organiser-section-overview", jsEnabled);
  await menu.getByRole("link", { name: "Check-in", exact: true }).click();
  await expect(page).toHaveURL(`/my/event/${n}/check-in`);

  // An unknown section is the overview, not an error.
  await page.goto(`/my/event/${n}?section=nonsense`);
  await expect(headings).toHaveText(["Insights"]);
});
