import SQLite from "better-sqlite3";
import type { Page } from "@playwright/test";
import { newId } from "#server/lib/crypto";
import { hashPassword } from "#server/services/accounts/auth-passwords";
import { expect, test } from "./fixtures";
import { dbFile, insertUser, signInAs } from "./session";
import { banner, createDraft, inDays, randomEventNumber, testFile } from "./steps";

/**
 * Issue 11: a session that ends mid-creation. Next (or a step-3 panel's Save) says why for 2 s,
 * goes to /login, and after logging in the step comes back with what was typed: kept on the
 * server, not in the URL, and only once. JavaScript on and off.
 */

const MESSAGE = "Your session has ended: log in to continue";
const PASSWORD = "long-enough-password";

/** A verified user who can log in with PASSWORD. */
async function passwordUser(): Promise<{ id: string; email: string }> {
  const id = newId();
  const email = `expiry.${id}@example.com`;
  insertUser({ id, email, passwordHash: await hashPassword(PASSWORD) });
  return { id, email };
}

/** Ends the user's sessions: `expire` keeps the rows past their expiry, `delete` removes them. */
function endSessions(userId: string, how: "expire" | "delete") {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  if (how === "delete") db.prepare("delete from sessions where userId = ?").run(userId);
  else
    db.prepare("update sessions set expiresAt = ? where userId = ?").run(
      new Date(Date.now() - 60_000).toISOString(),
      userId,
    );
  db.close();
}

/** Presses `button`, sees why for a moment, lands on /login (the step in redirectTo) and logs in. */
async function pressAndLogInAgain(page: Page, button: string, email: string, back: RegExp) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(banner(page)).toContainText(MESSAGE);
  expect(page.url()).not.toContain("/login");
  await expect(page).toHaveURL(/\/login\?redirectTo=/, { timeout: 6000 });
  // What was typed is not carried in the address.
  expect(decodeURIComponent(page.url())).not.toContain("Robo");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(back);
}

test("a session that ends on step 1 keeps what was typed through the login", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const user = await passwordUser();
  await signInAs(context, baseURL!, user.id);
  const n = randomEventNumber();
  await page.goto(`/event/create/${n}/step1?type=Fest`);
  // A file picked then is not kept (pending uploads are another change); the text is.
  await page.getByLabel("Event Logo").setInputFiles(testFile("logo.png"));
  await page.getByLabel("Event Name").fill("Robo Wars");
  await page.getByLabel("Festival Name (optional)").fill("Techfest");
  await page.getByRole("radio", { name: "Offline" }).check();
  await page.getByLabel("Country").fill("India");
  await page.getByLabel("State").fill("Maharashtra");
  await page.getByLabel("City").fill("Pune");
  endSessions(user.id, "expire");

  await pressAndLogInAgain(page, "Next", user.email, new RegExp(`/event/create/${n}/step1`));
  await expect(page.getByLabel("Event Name")).toHaveValue("Robo Wars");
  await expect(page.getByLabel("Festival Name (optional)")).toHaveValue("Techfest");
  await expect(page.getByRole("radio", { name: "Offline" })).toBeChecked();
  await expect(page.getByLabel("Country")).toHaveValue("India");
  await expect(page.getByLabel("State")).toHaveValue("Maharashtra");
  await expect(page.getByLabel("City")).toHaveValue("Pune");
  await expect(page.getByLabel("Event Type")).toHaveValue("Fest");

  // Taken once: a reload shows the step as it was saved (nothing yet).
  await page.reload();
  await expect(page.getByLabel("Event Name")).toHaveValue("");
});

test("a session that ends on step 2 or in a step-3 panel keeps what was typed through the login", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await passwordUser();
  await signInAs(context, baseURL!, user.id);
  const n = await createDraft(page.request);

  // Step 2, the session row deleted (logged out elsewhere): the stash cookie is the binding.
  await page.goto(`/event/create/${n}/step2?type=Fest`);
  await page.getByRole("radio", { name: "Individual", exact: true }).check();
  await page.getByLabel("Capacity (optional)").fill("250");
  const end = inDays(20, 18);
  await page.getByLabel("Registration End (India time)").fill(end);
  const contact = page.getByTestId("contact-row");
  await contact.getByLabel("Name").fill("Robo Admin");
  await contact.getByLabel("Phone Number").fill("9876543210");
  endSessions(user.id, "delete");
  await pressAndLogInAgain(page, "Next", user.email, new RegExp(`/event/create/${n}/step2`));
  await expect(page.getByRole("radio", { name: "Individual", exact: true })).toBeChecked();
  await expect(page.getByLabel("Capacity (optional)")).toHaveValue("250");
  await expect(page.getByLabel("Registration End (India time)")).toHaveValue(end);
  await expect(contact.getByLabel("Name")).toHaveValue("Robo Admin");
  await expect(contact.getByLabel("Phone Number")).toHaveValue("9876543210");
  // And it saves from there.
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/event/create/${n}/step3`));

  // A step-3 panel, the session expired.
  await page.goto(`/event/create/${n}/step3?type=Fest&section=basic`);
  await page.getByLabel("Event Name").fill("Robo Wars Finals");
  await page.getByLabel("Organisation Name").fill("Robotics Club");
  endSessions(user.id, "expire");
  await pressAndLogInAgain(page, "Save", user.email, /section=basic/);
  await expect(page.getByLabel("Event Name")).toHaveValue("Robo Wars Finals");
  await expect(page.getByLabel("Organisation Name")).toHaveValue("Robotics Club");
  // And it saves from there.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(banner(page)).toContainText("Saved Successfully");
});

test("a session that ends in the About panel keeps the text (Markdown without JavaScript)", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  test.setTimeout(60_000);
  const user = await passwordUser();
  await signInAs(context, baseURL!, user.id);
  const n = await createDraft(page.request);
  await page.goto(`/event/create/${n}/step3?type=Fest&section=about`);
  const typed = "## Robo Rules\n\n- Teams of two\n- **No** phones";
  if (jsEnabled) {
    const editor = page.getByTestId("about-editor");
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    await page.keyboard.type("Robo Rules for everyone");
  } else {
    await page.getByRole("textbox", { name: "About Event" }).fill(typed);
  }
  endSessions(user.id, "expire");
  await pressAndLogInAgain(page, "Save", user.email, /section=about/);
  if (jsEnabled) {
    await expect(page.getByTestId("about-editor")).toContainText("Robo Rules for everyone");
  } else {
    await expect(page.getByRole("textbox", { name: "About Event" })).toHaveValue(typed);
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(banner(page)).toContainText("Saved Successfully");
  await expect(
    page.getByRole("region", { name: "Live preview" }).getByText("Robo Rules", { exact: false }),
  ).not.toHaveCount(0);
});
