import type { BrowserContext } from "@playwright/test";
import { expect, hydrated, test, uniqueEmail } from "./fixtures";
import { seedRegistrationEvent, teamEvent } from "./registration-seed";
import { loginAs } from "./session";
import { shot } from "./shots";

/**
 * Issue 31, invitations and teams: a team invite survives signup, the verification mail and
 * login; the join page shows the team first; the team page shows the invite link in full, with
 * copy and WhatsApp; leaving asks first. JavaScript on and off (the two projects).
 */
test.describe.configure({ timeout: 90_000 });

const DETAILS = { phone: "9876543210", collegeName: "IIT Delhi", course: "B.Tech" };
const PASSWORD = "s3cret-pass";

/** A team event with a team "Night Owls" led by a fresh user; answers the number and code. */
async function teamWithLeader(context: BrowserContext, baseURL: string) {
  const { eventNumber: n } = seedRegistrationEvent(teamEvent);
  const leader = await loginAs(context, baseURL, { firstName: "Lead", lastName: "Singh" });
  const res = await context.request.post(`/api/v1/event/${n}/register`, {
    data: { ...DETAILS, teamName: "Night Owls" },
  });
  expect(res.ok()).toBe(true);
  return { n, leader, code: (await res.json()).team.code as string };
}

test("signed out, a team invite leads through signup, the verification mail and login back to the join page", async ({
  page,
  browser,
  baseURL,
  jsEnabled,
  mailbox,
}) => {
  const leaderContext = await browser.newContext({ baseURL });
  const { n, code } = await teamWithLeader(leaderContext, baseURL!);
  await leaderContext.close();
  const invite = `/event/${n}/team/join?code=${code}`;
  const back = encodeURIComponent(invite);

  // The invite sends a visitor to log in; 'Create an account' keeps the way back.
  await page.goto(invite);
  await expect(page).toHaveURL(`/login?redirectTo=${back}`);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(`/signup?redirectTo=${back}`);
  await hydrated(page, jsEnabled);
  const email = uniqueEmail("invite");
  await page.getByLabel("First Name").fill("Nisha");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByTestId("form-success")).toContainText("verification link has been sent");

  // The mail's link carries it, and the verification page's 'Login now' too.
  const mail = await mailbox.latest(email, /Verify/);
  const link = mail.links.find((l) => /\/verify\//.test(l))!;
  expect(new URL(link).searchParams.get("redirectTo")).toBe(invite);
  await page.goto(link);
  await expect(page.getByTestId("form-success")).toHaveText("Email verified successfully");
  await shot(page, "issue31-verified", jsEnabled);
  await page.getByRole("link", { name: "Login now" }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${back}`);
  await hydrated(page, jsEnabled);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Get started" }).click();

  // Back on the join page, the code filled and the team shown before joining.
  await expect(page).toHaveURL(invite);
  await expect(page.getByLabel("Team code")).toHaveValue(code);
  const preview = page.getByTestId("team-preview");
  await expect(preview).toContainText("Night Owls");
  await expect(preview).toContainText("Led by Lead Singh");
  await expect(preview.getByTestId("places-left")).toHaveText("2 places left");
  await expect(preview.getByTestId("team-member")).toHaveCount(1);
  await shot(page, "issue31-join-preview", jsEnabled);
  await page.getByLabel("Phone Number").fill(DETAILS.phone);
  await page.getByLabel("College Name").fill(DETAILS.collegeName);
  await page.getByLabel("Course").selectOption(DETAILS.course);
  await page.getByRole("button", { name: "Join Night Owls" }).click();
  await expect(page).toHaveURL(`/event/${n}/team`);
  await expect(page.getByTestId("team-member")).toHaveCount(2);
});

test("a typed code shows its team first; an unknown one says 'Team not found'", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const leaderContext = await browser.newContext({ baseURL });
  const { n, code } = await teamWithLeader(leaderContext, baseURL!);
  await leaderContext.close();
  await loginAs(context, baseURL!, { firstName: "Tara" });
  await page.goto(`/event/${n}/team/join`);
  await expect(page.getByTestId("team-preview")).toHaveCount(0);
  await page.getByLabel("Team code").fill("ZZZZZZ");
  await page.getByTestId("show-team").click();
  await expect(page.getByText("Team not found")).toBeVisible();
  await page.getByLabel("Team code").fill(code.toLowerCase());
  await page.getByTestId("show-team").click();
  await expect(page.getByTestId("team-preview")).toContainText("Night Owls");
});

test("the team page shows the invite link in full, copies it, and offers WhatsApp on phones", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const { n, code } = await teamWithLeader(context, baseURL!);
  const url = `${baseURL}/event/${n}/team/join?code=${code}`;
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(`/event/${n}/team`);
  const link = page.getByTestId("invite-link");
  await expect(link).toHaveText(url);
  await expect(link).toHaveAttribute("href", url);
  const whatsapp = page.getByTestId("share-whatsapp");
  await expect(whatsapp).toBeHidden();
  const copy = page.getByTestId("copy-invite");
  if (jsEnabled) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await copy.click();
    await expect(copy).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  } else {
    await expect(copy).toHaveCount(0);
  }
  await shot(page, "issue31-team-page", jsEnabled);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(whatsapp).toBeVisible();
  const href = (await whatsapp.getAttribute("href"))!;
  expect(href.startsWith("https://wa.me/?text=")).toBe(true);
  expect(decodeURIComponent(href.slice("https://wa.me/?text=".length))).toBe(
    `Join my team Night Owls on Utsav: ${url}`,
  );
});

test("'Leave team' and 'Cancel registration' ask first: Cancel keeps the registration, Confirm leaves", async ({
  page,
  context,
  baseURL,
  jsEnabled,
  person,
}) => {
  const { n, code } = await teamWithLeader(context, baseURL!);
  const friend = await person("Ria");
  expect(
    (
      await friend.context.request.post(`/api/v1/event/${n}/team/join`, {
        data: { ...DETAILS, code },
      })
    ).ok(),
  ).toBe(true);
  await friend.close();

  // The leader, on the team page: told who leads next.
  await page.goto(`/event/${n}/team`);
  await page.getByTestId("leave").click();
  const confirm = page.getByTestId("confirm-step");
  await expect(confirm).toContainText("Leave Night Owls?");
  await expect(confirm).toContainText("Ria leads the team after you.");
  await shot(page, "issue31-leave-confirm", jsEnabled);
  await confirm.getByTestId("cancel").click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/event/${n}/team\\??$`));
  await expect(page.getByTestId("team-member")).toHaveCount(2);
  // From the event page's block too, and then for real.
  await page.goto(`/event/${n}`);
  await page.getByTestId("registration-block").getByTestId("leave").click();
  await expect(confirm).toContainText("Leave Night Owls?");
  await confirm.getByTestId("confirm").click();
  await expect(page).toHaveURL(`/event/${n}`);
  await expect(page.getByTestId("registration-block")).toHaveAttribute("data-state", "open");

  // An individual registration: 'Cancel registration' asks too.
  const { eventNumber: solo } = seedRegistrationEvent();
  expect(
    (await context.request.post(`/api/v1/event/${solo}/register`, { data: DETAILS })).ok(),
  ).toBe(true);
  await page.goto(`/event/${solo}`);
  await page.getByTestId("registration-block").getByTestId("leave").click();
  await expect(confirm).toContainText("Cancel your registration?");
  await confirm.getByTestId("cancel").click();
  await expect(page.getByTestId("registration-block")).toHaveAttribute("data-state", "registered");
});
