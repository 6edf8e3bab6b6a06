import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";
import { signUp, verifyLinkFor } from "./steps";

const PASSWORD = "s3cret-pass";
const NEW_PASSWORD = "brand-new-pass";

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Get started" }).click();
}

test("signup → verify → login → profile with avatar → logout → forgot → reset → login", async ({
  page,
  mailbox,
  jsEnabled,
}) => {
  // Eight pages and four mails: ~22-28 s on two busy cores, too near the default 30 s.
  test.setTimeout(60_000);
  const email = uniqueEmail("accounts");

  // Signup: the confirmation shows inline; the address is shown lowercase.
  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: "Sign up to Utsav" })).toBeVisible();
  await expect(page.getByTestId("google-signin")).toBeVisible();
  await page.getByLabel("First Name").fill("Asha");
  await page.getByLabel("Last Name").fill("Verma");
  await page.getByLabel("Email Address").fill(email.toUpperCase());
  await expect(page.getByLabel("Email Address")).toHaveCSS("text-transform", "lowercase");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  if (jsEnabled) {
    // The show/hide toggle exists only with JavaScript.
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  } else {
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByTestId("form-success")).toContainText("verification link has been sent");

  // Verify from the mail on disk.
  const verifyLink = await verifyLinkFor(mailbox, email);
  await page.goto(verifyLink);
  await expect(page.getByTestId("form-success")).toHaveText("Email verified successfully");
  // A second visit: one message for every bad link, in red.
  await page.goto(verifyLink);
  await expect(page.getByTestId("form-error")).toHaveText("This link is invalid or has expired");

  // Login (through /Login, carrying a safe redirectTo).
  await page.goto("/Login?redirectTo=%2Fprofile");
  await expect(page.getByRole("heading", { level: 1, name: "Login your account" })).toBeVisible();
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);

  // Logging out takes a POST: a GET (a link or image on another page) does nothing.
  expect((await page.request.get("/logout")).status()).toBe(405);
  expect(
    (
      await page.request.get("/api/v1/user/logout", { headers: { "Sec-Fetch-Site": "cross-site" } })
    ).status(),
  ).toBe(403);
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);

  // Profile: fields and an avatar; the e-mail shows, disabled.
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByLabel("Email Address")).toBeDisabled();
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByRole("link", { name: "Profile" }).locator("img")).toHaveAttribute(
    "src",
    "/default-avatar.svg",
  );
  await page.getByLabel("Last Name").fill("Verma-Rao");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel("Course", { exact: true }).selectOption("2-Year MBA");
  await page.getByLabel("Course Specialisation").fill("Finance & Marketing");
  await page.getByLabel("College Name").fill("St. Xavier's College (Autonomous)");
  await page.getByLabel("Location").fill("Mumbai, Maharashtra");
  const png = await sharp({
    create: { width: 300, height: 200, channels: 3, background: "#ff9f1c" },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Change avatar")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Profile Updated Successfully");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel("Last Name")).toHaveValue("Verma-Rao");
  await expect(page.getByLabel("Gender")).toHaveValue("female");
  await expect(page.getByLabel("Course", { exact: true })).toHaveValue("2-Year MBA");
  await expect(page.getByLabel("College Name")).toHaveValue("St. Xavier's College (Autonomous)");
  const topBarAvatar = page.getByRole("link", { name: "Profile" }).locator("img");
  await expect(topBarAvatar).toHaveAttribute("src", /^\/api\/v1\/files\/.+\.webp$/);
  const avatarSrc = (await topBarAvatar.getAttribute("src"))!;
  const avatar = await page.request.get(avatarSrc);
  expect(avatar.headers()["content-type"]).toBe("image/webp");

  // Logout: back to /login with the message; the profile is closed again.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toContainText("Logged out successfully");
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);

  // Forgot password → reset → /login after 2 s.
  await page.getByRole("link", { name: "Forgot Your Password" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Reset Now" }).click();
  await expect(page.getByTestId("form-success")).toContainText("password reset link has been sent");
  const resetMail = await mailbox.latest(email, /Reset/);
  const resetLink = resetMail.links.find((l) => /\/reset-password\//.test(l))!;
  await page.goto(resetLink);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Reset Now" }).click();
  await expect(page.getByTestId("form-success")).toContainText("Password reset successfully");
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  // The old password no longer works; the new one does, and lands on /.
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByTestId("toast")).toContainText("Invalid Email or Password");
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await fillLogin(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("greeting")).toContainText("Asha Verma-Rao");
});

test("login never redirects off-site", async ({ page, mailbox }) => {
  const email = uniqueEmail("redirect");
  await signUp(page, { firstName: "Ravi", email, password: PASSWORD });
  await page.goto(await verifyLinkFor(mailbox, email));
  await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fphish");
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});
