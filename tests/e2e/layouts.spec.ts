import { expect, openMenu, test } from "./fixtures";
import { loginAs } from "./session";

test("a signed-in visitor sees their name, avatar and the logged-in menu", async ({
  page,
  context,
  baseURL,
}) => {
  await loginAs(context, baseURL!, { firstName: "Ravi", lastName: "Kumar" });
  await page.goto("/");
  await expect(page.getByTestId("greeting")).toContainText("Ravi Kumar");
  await expect(page.getByRole("link", { name: "Profile" }).first()).toBeVisible();
  await openMenu(page);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  for (const item of ["Host Now", "My Events", "Profile", "Search Event", "Feedback"]) {
    await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Login" })).toHaveCount(0);
});

test("a signed-in page sends a visitor to /login with redirectTo", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});
