import { expect, test } from "./fixtures";
import { seedRegistrationEvent } from "./registration-seed";
import { loginAs } from "./session";

/**
 * SPEC-2 §4's organiser page beyond the journey: Edit leads to step 3, and Unpublish hides the
 * event from others while its registrant keeps the registration; and SPEC-2 §1's
 * /my/registrations card (time left, individual or team state). JavaScript on and off.
 */
test.describe.configure({ timeout: 90_000 });

const DETAILS = { phone: "9876543210", collegeName: "IIT Delhi", course: "B.Tech" };

test("the organiser edits and unpublishes from /my/event/{n}; the registrant keeps the registration", async ({
  page,
  context,
  browser,
  baseURL,
  person,
}) => {
  const organiser = await loginAs(context, baseURL!, { firstName: "Esha" });
  const { eventNumber: n, eventName } = seedRegistrationEvent({ madeBy: organiser.id });

  const student = await person("Tara");
  const reg = await student.context.request.post(`/api/v1/event/${n}/register`, {
    data: DETAILS,
  });
  expect(reg.status()).toBe(201);
  const studentPage = student.page;
  await studentPage.goto("/my/registrations");
  const card = studentPage.getByTestId("registration-card").filter({ hasText: eventName });
  await expect(card).toContainText(/Registration closes in \d+ days?/);
  await expect(card).toContainText("Registered individually");

  // No updates yet: no 'Updates' section or anchor on the event page.
  await page.goto(`/event/${n}`);
  await expect(page.getByTestId("registration-block")).toBeVisible();
  await expect(page.locator("#Updates")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Updates" })).toHaveCount(0);

  await page.goto(`/my/event/${n}`);
  await expect(page.getByTestId("event-status")).toContainText("Published");
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute(
    "href",
    new RegExp(`/${n}/step3`),
  );
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page).toHaveURL(new RegExp(`/my/event/${n}$`));
  await expect(page.getByTestId("event-status")).toContainText("Draft (not visible to others)");
  await expect(page.getByRole("button", { name: "Unpublish" })).toHaveCount(0);
  // The creator still sees the event page; the registrant and anyone signed out get 404.
  expect((await page.request.get(`/event/${n}`)).status()).toBe(200);
  expect((await studentPage.request.get(`/event/${n}`)).status()).toBe(404);
  const anonymous = await browser.newContext({ baseURL });
  expect((await anonymous.request.get(`/event/${n}`)).status()).toBe(404);
  await anonymous.close();
  // The registration is kept.
  const kept = await page.request.get(`/api/v1/event/${n}/registrations`);
  expect(((await kept.json()) as { counts: { people: number } }).counts.people).toBe(1);
  await student.close();
});
