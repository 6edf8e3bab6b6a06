import { expect, test } from "./fixtures";
import { finishedHackathon, handleHeldBy } from "./profiles-seed";
import { loginAs, signInAs } from "./session";
import { shot } from "./shots";

/**
 * SPEC-4 §5, the journey: a student chooses a handle and turns the public profile on, shares it,
 * anyone opens it signed out (with the certificate's page linking to it), and turning it off
 * hides it at once. With JavaScript on and off.
 */
test("a student turns the public profile on, shares it, anyone opens it; turned off it is gone", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const handle = `asha-${suffix}`;
  const other = await loginAs(context, baseURL!, { firstName: "Ravi" });
  handleHeldBy(other.id, `ravi-${suffix}`);
  await context.clearCookies();
  const organiser = await loginAs(context, baseURL!, { firstName: "Esha" });
  await context.clearCookies();
  const student = await loginAs(context, baseURL!, {
    firstName: "Asha",
    lastName: "Verma",
    email: `asha.${suffix}@example.com`,
  });
  const hack = finishedHackathon(organiser.id, student.id);
  if (jsEnabled)
    await page.addInitScript(() => {
      // Records what the page hands the share sheet (headless Chromium may have none).
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (d: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = d;
        },
      });
    });

  // Off by default: the profile page offers the setting, nothing is public yet.
  await page.goto("/profile");
  const form = page.locator("#public-profile");
  await expect(form.getByLabel("Show my public profile")).not.toBeChecked();
  await expect(form.getByLabel("Handle")).toHaveValue("");

  // Bad handles are refused with the spec's messages; nothing is saved.
  const save = form.getByRole("button", { name: "Save public profile" });
  for (const [typed, message] of [
    ["Asha Verma", "Invalid handle"],
    ["-asha", "Invalid handle"],
    ["event", "This handle is taken"],
    [`ravi-${suffix}`, "This handle is taken"],
  ] as const) {
    await form.getByLabel("Handle").fill(typed);
    await save.click();
    await expect(form.getByText(message)).toBeVisible();
    await expect(form.getByLabel("Handle")).toHaveValue(typed);
  }
  // Public without a handle is refused too.
  await form.getByLabel("Handle").fill("");
  await form.getByLabel("Show my public profile").check();
  await save.click();
  await expect(form.getByText("Choose a handle to make your profile public")).toBeVisible();

  await form.getByLabel("Handle").fill(handle);
  await form.getByLabel("Show my public profile").check();
  await save.click();
  await expect(page.getByText("Your profile is public")).toBeAttached();
  await expect(page.locator("#public-profile").getByLabel("Handle")).toHaveValue(handle);
  await expect(page.locator("#public-profile").getByLabel("Show my public profile")).toBeChecked();
  await shot(page, "profiles-setting", jsEnabled);
  await page.getByRole("link", { name: "View public profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/u/${handle}$`));

  // Signed out, anyone opens it.
  await context.clearCookies();
  const res = await page.goto(`/u/${handle}`);
  expect(res?.status()).toBe(200);
  // Never kept by the page cache (it keeps nothing private) nor by the browser.
  expect(res?.headers()["cache-control"]).toMatch(/private/);
  await expect(page.getByRole("heading", { level: 1, name: "Asha Verma" })).toBeVisible();
  await expect(page.getByTestId("profile-wins")).toContainText(hack.name);
  await expect(page.getByTestId("profile-wins")).toContainText("Winner");
  await expect(page.getByTestId("profile-results")).toContainText("Advanced from Prelims");
  await expect(page.getByTestId("profile-events")).toContainText(hack.name);
  const certificate = page.getByTestId("profile-certificates");
  await expect(certificate).toContainText("Certificate of Merit · Winner");
  await expect(certificate.getByRole("link", { name: "Verify" })).toHaveAttribute(
    "href",
    `/certificate/${hack.certificateId}`,
  );
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(ld).toMatchObject({
    "@type": "Person",
    name: "Asha Verma",
    url: `${baseURL}/u/${handle}`,
  });
  await shot(page, "profiles-public", jsEnabled);

  // Never an e-mail, phone or team code: in the page, nor in its JSON.
  const html = await page.content();
  const json = await (await page.request.get(`/api/v1/u/${handle}`)).text();
  for (const secret of [student.email, hack.phone, hack.code]) {
    expect(html).not.toContain(secret);
    expect(json).not.toContain(secret);
  }

  // Share profile: the share sheet with JavaScript, the address to copy without.
  await expect(page.getByTestId("profile-url")).toHaveValue(`${baseURL}/u/${handle}`);
  const share = page.getByRole("link", { name: "Share profile" });
  await expect(share).toHaveAttribute("href", `${baseURL}/u/${handle}`);
  if (jsEnabled) {
    await share.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url))
      .toBe(`${baseURL}/u/${handle}`);
  }

  // The certificate's verification page links back to the profile.
  await certificate.getByRole("link", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Valid certificate" })).toBeVisible();
  await page.getByTestId("certificate-profile").click();
  await expect(page).toHaveURL(new RegExp(`/u/${handle}$`));

  // Turned off, it is gone at once, and the certificate no longer links to it.
  await signInAs(context, baseURL!, student.id);
  await page.goto("/profile");
  await page.locator("#public-profile").getByLabel("Show my public profile").uncheck();
  await page
    .locator("#public-profile")
    .getByRole("button", { name: "Save public profile" })
    .click();
  await expect(page.getByText("Your profile is private")).toBeAttached();
  await context.clearCookies();
  const gone = await page.goto(`/u/${handle}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Profile not found" })).toBeVisible();
  await shot(page, "profiles-gone", jsEnabled);
  await page.goto(`/certificate/${hack.certificateId}`);
  await expect(page.getByRole("heading", { name: "Valid certificate" })).toBeVisible();
  await expect(page.getByTestId("certificate-profile")).toHaveCount(0);
});
