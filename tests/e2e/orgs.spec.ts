import { expect, test } from "./fixtures";
import { loginAs, signInAs } from "./session";
import { shot } from "./shots";

/**
 * SPEC-4 §4, the first steps of a club's and a student's journeys: create an organisation at
 * /orgs/new (bad input refused with the spec's messages, nothing lost), open its page, follow and
 * unfollow with exact counts (no page jump with JavaScript), and follow signed out goes to log in.
 */
test("a club creates its organisation; a student follows and unfollows it", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const handle = `robotics-${suffix}`;
  const student = await loginAs(context, baseURL!, { firstName: "Ravi" });
  await context.clearCookies();
  await loginAs(context, baseURL!, { firstName: "Orla", lastName: "Sen" });

  // The profile page leads to it.
  await page.goto("/profile");
  await page.getByRole("link", { name: "New organisation" }).click();
  await expect(page).toHaveURL(/\/orgs\/new$/);
  await page.getByLabel("Name").fill("Robotics Club");
  await page.getByLabel(/^Handle/).fill("Robotics Club");
  await page.getByLabel("College").fill("IIT Delhi");
  await page.getByLabel("City").fill("New Delhi");
  await page.getByLabel("About (optional)").fill("We build robots.\nEvery Friday.");
  await page.getByRole("button", { name: "Create organisation" }).click();
  await expect(page.getByText("Invalid handle")).toBeVisible();
  // What was typed is still there.
  await expect(page.getByLabel("Name")).toHaveValue("Robotics Club");
  await page.getByLabel(/^Handle/).fill("event");
  await page.getByRole("button", { name: "Create organisation" }).click();
  await expect(page.getByText("This handle is taken")).toBeVisible();
  await page.getByLabel(/^Handle/).fill(handle);
  await shot(page, "orgs-new", jsEnabled);
  await page.getByRole("button", { name: "Create organisation" }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${handle}$`));
  await expect(page.getByText("Organisation created")).toBeAttached();
  await expect(page.getByRole("heading", { level: 1, name: "Robotics Club" })).toBeVisible();
  await expect(page.getByTestId("org-people")).toContainText("Orla Sen (owner)");
  await page.goto("/profile");
  await expect(page.getByTestId("my-orgs")).toContainText("Robotics Club");
  await page.goto(`/org/${handle}`);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(ld).toMatchObject({ "@type": "Organization", name: "Robotics Club" });

  // Its page is in the sitemap.
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(
    `${baseURL}/org/${handle}</loc>`,
  );

  // A student follows: the count is exact, and with JavaScript the page does not reload.
  await context.clearCookies();
  await signInAs(context, baseURL!, student.id);
  await page.goto(`/org/${handle}`);
  await expect(page.getByTestId("followers")).toHaveText("0 followers");
  if (jsEnabled) await page.evaluate(() => ((window as unknown as { stay: number }).stay = 1));
  await page.getByRole("button", { name: "Follow" }).click();
  await expect(page.getByRole("button", { name: "Following" })).toBeVisible();
  await expect(page.getByTestId("followers")).toHaveText("1 follower");
  if (jsEnabled)
    expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
  await page.reload();
  await expect(page.getByTestId("followers")).toHaveText("1 follower");
  await shot(page, "orgs-page", jsEnabled);
  await page.getByRole("button", { name: "Following" }).click();
  await expect(page.getByRole("button", { name: "Follow" })).toBeVisible();
  await expect(page.getByTestId("followers")).toHaveText("0 followers");

  // Signed out, Follow leads to log in.
  await context.clearCookies();
  await page.goto(`/org/${handle}`);
  await page.getByRole("button", { name: "Follow" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  const missing = await page.goto("/org/no-such-club-here");
  expect(missing?.status()).toBe(404);
});
