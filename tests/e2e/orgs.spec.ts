import SQLite from "better-sqlite3";
import { expect, test } from "./fixtures";
import { seedRegistrationEvent } from "./registration-seed";
import { dbFile, loginAs, signInAs } from "./session";
import { shot } from "./shots";
import { createDraft } from "./steps";

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
  // The URL changes before React shows the new page (a transition): wait for the page itself.
  await expect(page.getByRole("heading", { name: "New organisation" })).toBeVisible();
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

/** The organisation's row id, read from the e2e server's database. */
function orgIdOf(handle: string): number {
  const db = new SQLite(dbFile());
  db.pragma("busy_timeout = 5000");
  const row = db.prepare("select id from organisations where handle = ?").get(handle) as {
    id: number;
  };
  db.close();
  return row.id;
}

/** The path (and query) of a mailed link, on the e2e server. */
const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};

/**
 * SPEC-4 §4, a club's journey: its page leads its owner to the settings; an admin is invited by
 * e-mail and accepts; the college is verified through the mailed link; an event is hosted under
 * it (step 1's 'Organisation'; the event page links it; its page lists it); the owner hands over.
 */
test("a club invites an admin, verifies its college, hosts an event and hands over", async ({
  page,
  context,
  baseURL,
  jsEnabled,
  mailbox,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const handle = `dramatics-${suffix}`;
  const admin = await loginAs(context, baseURL!, { firstName: "Adi", lastName: "Rao" });
  await context.clearCookies();
  const owner = await loginAs(context, baseURL!, { firstName: "Orla", lastName: "Sen" });
  const made = await page.request.post("/api/v1/orgs", {
    multipart: {
      handle,
      name: "Dramatics Society",
      college: "IIT Delhi",
      city: "New Delhi",
      about: "# On stage\n\nWe **act**.\n\n- Plays\n- Street theatre\n\n<script>alert(1)</script>",
    },
  });
  expect(made.status()).toBe(201);

  // The page: About as Markdown (typed HTML shown as text), Settings for its owner.
  await page.goto(`/org/${handle}`);
  const about = page.getByTestId("org-about");
  await expect(about.locator("strong")).toHaveText("act");
  await expect(about.locator("li")).toHaveCount(2);
  await expect(about).toContainText("<script>alert(1)</script>");
  await expect(page.getByTestId("org-calendar")).toHaveAttribute(
    "href",
    `${baseURL}/api/v1/org/${handle}/calendar.ics`,
  );
  await page.getByTestId("org-settings-link").click();
  await expect(page).toHaveURL(new RegExp(`/org/${handle}/settings$`));

  // Invite an admin.
  await page.getByLabel("Invite an admin by e-mail").fill("not-an-address");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invalid Email", { exact: true }).first()).toBeVisible();
  await page.getByLabel("Invite an admin by e-mail").fill(admin.email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${admin.email}`)).toBeAttached();
  await expect(page.getByTestId("org-invites")).toContainText(admin.email);
  const invite = (await mailbox.latest(admin.email)).links.find((l) => l.includes("/org-invite/"));
  expect(invite).toBeTruthy();

  // The admin opens it: signed out, sign in; then accept.
  await context.clearCookies();
  await page.goto(pathOf(invite!));
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await signInAs(context, baseURL!, admin.id);
  await page.goto(pathOf(invite!));
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${handle}$`));
  await expect(page.getByTestId("org-people")).toContainText("Adi Rao");

  // The owner verifies the college: a non-college address is refused, then the mailed link.
  await context.clearCookies();
  await signInAs(context, baseURL!, owner.id);
  await page.goto(`/org/${handle}/settings`);
  await expect(page.getByTestId("org-admin")).toContainText("Adi Rao");
  await page.getByLabel("College e-mail address").fill(`orla.${suffix}@gmail.com`);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("Use an e-mail address of your college").first()).toBeVisible();
  const college = `orla.${suffix}@iitd.ac.in`;
  await page.getByLabel("College e-mail address").fill(college);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(`We mailed a link to ${college}`)).toBeAttached();
  await shot(page, "orgs-settings", jsEnabled);
  const verify = (await mailbox.latest(college)).links.find((l) => l.includes("/org-verify/"));
  expect(verify).toBeTruthy();
  await page.goto(pathOf(verify!));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${handle}$`));
  await expect(page.getByTestId("verified")).toHaveText("Verified · iitd.ac.in");

  // An event hosted under it: step 1's 'Organisation'; the event page links the organisation.
  const n = await createDraft(page.request);
  await page.goto(`/event/create/${n}/step1`);
  await page.getByLabel("Organisation", { exact: true }).selectOption(handle);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`/event/create/${n}/step2`));
  await page.goto(`/event/${n}`);
  await expect(page.getByTestId("event-org")).toHaveText("Dramatics Society");
  await expect(page.getByTestId("event-org")).toHaveAttribute("href", `/org/${handle}`);
  // A published one is on its page, under upcoming events.
  const { eventName } = seedRegistrationEvent({ orgId: orgIdOf(handle) });
  await page.goto(`/org/${handle}`);
  await expect(page.getByTestId("org-upcoming")).toContainText(eventName);
  await shot(page, "orgs-page-owner", jsEnabled);
  // The search page lists its events under its name.
  await page.goto(`/event/search?org=${handle}`);
  await expect(page.getByTestId("org-search-title")).toHaveText("Events by Dramatics Society");
  await expect(page.getByTestId("result-list")).toContainText(eventName);
  await shot(page, "orgs-search", jsEnabled);

  // Hand over to the admin, after the confirmation step.
  await page.goto(`/org/${handle}/settings`);
  await page.getByLabel("New owner").selectOption({ label: "Adi Rao" });
  await page.getByRole("button", { name: "Hand over" }).click();
  await expect(page.getByTestId("confirm-step")).toContainText(
    "Hand the organisation over to Adi Rao?",
  );
  await page.getByTestId("confirm").click();
  await expect(page.getByText("Adi Rao is now the owner")).toBeAttached();
  await expect(page.getByRole("heading", { name: "Hand over" })).toHaveCount(0);
  await expect(page.getByTestId("org-admin")).toContainText("Orla Sen");
});

/**
 * SPEC-4 §4, a student's journey: follow a club from its page, find it in /my/following (linked
 * from the menu), unfollow it there.
 */
test("a student follows a club and unfollows it from /my/following", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const handle = `quizzers-${suffix}`;
  await loginAs(context, baseURL!, { firstName: "Kiran" });
  const made = await page.request.post("/api/v1/orgs", {
    multipart: {
      handle,
      name: `Quiz Club ${suffix}`,
      college: "NIT Trichy",
      city: "Tiruchirappalli",
    },
  });
  expect(made.status()).toBe(201);
  await context.clearCookies();
  await loginAs(context, baseURL!, { firstName: "Meera" });

  await page.goto("/my/following");
  await expect(page.getByTestId("no-following")).toBeVisible();
  // Found in search: its name, above the events.
  await page.goto(`/event/search?q=${encodeURIComponent(`Quiz Club ${suffix}`)}`);
  await shot(page, "orgs-search-text", jsEnabled);
  await page
    .getByTestId("org-matches")
    .getByRole("link", { name: /Quiz Club/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/org/${handle}$`));
  await page.getByRole("button", { name: "Follow" }).click();
  await expect(page.getByRole("button", { name: "Following" })).toBeVisible();
  await expect(page.getByTestId("org-settings-link")).toHaveCount(0);

  await page.goto("/");
  await page.getByTestId("menu").locator("summary").click();
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: "Following" })
    .click();
  await expect(page).toHaveURL(/\/my\/following$/);
  const row = page.getByTestId("following").filter({ hasText: `Quiz Club ${suffix}` });
  await expect(row).toContainText("NIT Trichy · Tiruchirappalli · 1 follower");
  await shot(page, "orgs-following", jsEnabled);
  await row.getByRole("button", { name: "Unfollow" }).click();
  await expect(page.getByText(`You no longer follow Quiz Club ${suffix}`)).toBeAttached();
  await expect(page.getByTestId("no-following")).toBeVisible();

  // The digest's switch on the profile, on by default.
  await page.goto("/profile");
  const mails = page.getByLabel("E-mails from organisations I follow");
  await expect(mails).toBeChecked();
  await mails.uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Profile Updated Successfully")).toBeAttached();
  await page.reload();
  await expect(page.getByLabel("E-mails from organisations I follow")).not.toBeChecked();
  await expect(page.getByLabel("E-mail reminders")).toBeChecked();
});
