import type { Locator, Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { newToken, sha256 } from "#server/lib/crypto";
import { expect, test, signedInTest } from "./fixtures";
import { dbFile, loginAs } from "./session";

/**
 * Each SPEC §5 message of the account forms shows under the input that caused it, with and
 * without JavaScript (with it the form validates in the browser, without it the server answers).
 */

/** The error text tied to the input through aria-describedby, exactly (double spaces included). */
async function expectError(page: Page, control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(texts).toContain(message);
}

async function submit(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

test("signup shows each message under its field", async ({ page }) => {
  await page.goto("/signup");
  await submit(page, "Create Account");
  await expectError(page, page.getByLabel("First Name"), "First Name is required");
  await expectError(page, page.getByLabel("Email Address"), "Email address is required");
  await expectError(page, page.getByLabel("Password", { exact: true }), "Password is required");

  await page.getByLabel("First Name").fill("Asha1");
  await page.getByLabel("Last Name").fill("Verma!");
  await page.getByLabel("Email Address").fill("asha.example.com");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await submit(page, "Create Account");
  await expectError(page, page.getByLabel("First Name"), "Only Alphabet is allowed");
  await expectError(page, page.getByLabel("Last Name"), "Only Alphabet is allowed");
  await expectError(page, page.getByLabel("Email Address"), "Invalid Email");
  await expectError(page, page.getByLabel("Password", { exact: true }), "Password of 8 charaters");
  // What was typed stays (the password is never sent back).
  await expect(page.getByLabel("First Name")).toHaveValue("Asha1");
  await expect(page.getByLabel("Email Address")).toHaveValue("asha.example.com");
});

test("login shows each message under its field, and one message for wrong credentials", async ({
  page,
}) => {
  await page.goto("/login");
  await submit(page, "Get started");
  await expectError(page, page.getByLabel("Email Address"), "Email address is required");
  await expectError(page, page.getByLabel("Password", { exact: true }), "Password is required");

  await page.getByLabel("Email Address").fill("nobody@");
  await page.getByLabel("Password", { exact: true }).fill("pass word");
  await submit(page, "Get started");
  await expectError(page, page.getByLabel("Email Address"), "Invalid Email");
  await expectError(page, page.getByLabel("Password", { exact: true }), "Password of 8 charaters");

  await page.getByLabel("Email Address").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("long-enough-password");
  await submit(page, "Get started");
  await expect(page.getByTestId("toast")).toHaveText(/Invalid Email or Password/);
});

test("forgot and reset password show their messages", async ({ page, context, baseURL }) => {
  await page.goto("/forgot-password");
  await submit(page, "Reset Now");
  await expectError(page, page.getByLabel("Email Address"), "Email Address is required");
  await page.getByLabel("Email Address").fill("not-an-address");
  await submit(page, "Reset Now");
  await expectError(page, page.getByLabel("Email Address"), "Invalid Email Address");

  // A link that works (a dead one says so on arrival: flows.spec.ts).
  const user = await loginAs(context, baseURL!);
  await context.clearCookies();
  const token = newToken();
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  db.prepare(
    "insert into tokens (tokenHash, userId, purpose, createdAt, expiresAt, usedAt) values (?, ?, 'reset', ?, ?, null)",
  ).run(
    sha256(token),
    user.id,
    new Date().toISOString(),
    new Date(Date.now() + 600_000).toISOString(),
  );
  db.close();
  await page.goto(`/${user.id}/reset-password/${token}`);
  await submit(page, "Reset Now");
  await expectError(page, page.getByLabel("New password", { exact: true }), "Password is required");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await submit(page, "Reset Now");
  await expectError(
    page,
    page.getByLabel("New password", { exact: true }),
    "Password of 8 charaters",
  );
  await expect(page).toHaveURL(/reset-password/);
});

signedInTest(
  "profile shows each message under its field and keeps what was typed",
  async ({ page }) => {
    await page.goto("/profile");
    await page.getByLabel("First Name").fill("");
    await page.getByLabel("Last Name").fill("Verma#2");
    await page.getByLabel("Gender").selectOption("");
    await page.getByLabel("Course", { exact: true }).selectOption("");
    await page.getByLabel("Course Specialisation").fill("");
    await page.getByLabel("College Name").fill("");
    await page.getByLabel("Location").fill("Delhi; India");
    await submit(page, "Save");
    await expectError(page, page.getByLabel("First Name"), "First Name is required");
    await expectError(page, page.getByLabel("Last Name"), "Invalid Last Name");
    await expectError(page, page.getByLabel("Gender"), "Gender is required");
    await expectError(page, page.getByLabel("Course", { exact: true }), "Course is required");
    await expectError(
      page,
      page.getByLabel("Course Specialisation"),
      "Course Specialisation is required",
    );
    await expectError(page, page.getByLabel("College Name"), "College Name is required");
    await expectError(page, page.getByLabel("Location"), "Invalid  Location");

    await page.getByLabel("First Name").fill("Asha2");
    await page.getByLabel("Course Specialisation").fill("AI/ML");
    await page.getByLabel("College Name").fill("IIT <Delhi>");
    await submit(page, "Save");
    await expectError(page, page.getByLabel("First Name"), "Only Alphabet is allowed");
    await expectError(
      page,
      page.getByLabel("Course Specialisation"),
      "Invalid Course Specialisation",
    );
    await expectError(page, page.getByLabel("College Name"), "Invalid College Name");
    await expect(page.getByLabel("Location")).toHaveValue("Delhi; India");

    // A file that is not an image: refused by the server from its bytes, shown under the picker.
    await page.getByLabel("First Name").fill("Asha");
    await page.getByLabel("Last Name").fill("Verma");
    await page.getByLabel("Gender").selectOption("female");
    await page.getByLabel("Course", { exact: true }).selectOption("B.Tech");
    await page.getByLabel("Course Specialisation").fill("Computer Science");
    await page.getByLabel("College Name").fill("IIT Delhi");
    await page.getByLabel("Location").fill("New Delhi");
    await page.getByLabel("Change avatar").setInputFiles({
      name: "cat.png",
      mimeType: "image/png",
      buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
    });
    await submit(page, "Save");
    await expectError(
      page,
      page.getByLabel("Change avatar"),
      "Please upload an image (JPEG, PNG, WebP, GIF or AVIF)",
    );
  },
);

// Issue 46: the account forms' validation arrives after the page, and then validates in the
// browser: a refused form sends nothing to the server.
test("with JavaScript, the account forms validate in the browser once their validation has loaded", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "validation in the browser needs JavaScript");
  for (const [path, button, message] of [
    ["/login", "Get started", "Invalid Email"],
    ["/signup", "Create Account", "Invalid Email"],
    ["/forgot-password", "Reset Now", "Invalid Email Address"],
  ] as const) {
    const loaded = page.waitForResponse((r) => /\/assets\/validate-[\w-]+\.js$/.test(r.url()));
    await page.goto(path);
    await loaded;
    await expect
      .poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated")))
      .toBe(true);
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
    // Each field is marked required from the server's constraint, before any script ran.
    await expect(page.getByLabel("Email Address")).toHaveAttribute("required", "");
    await page.getByLabel("Email Address").fill("nobody@");
    await submit(page, button);
    await expectError(page, page.getByLabel("Email Address"), message);
    expect(posts).toEqual([]);
    page.removeAllListeners("request");
  }
});
