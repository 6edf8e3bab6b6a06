import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { seedRegistrationEvent, teamEvent } from "./registration-seed";
import { loginAs } from "./session";

/**
 * SPEC-2 §1's screens the journeys do not reach: the registered block's 'Cancel registration' and
 * 'Leave team', the team card's copy button, and the team page's remove and new code, with
 * JavaScript on and off (the two projects).
 */
test.describe.configure({ timeout: 90_000 });

const DETAILS = { phone: "9876543210", collegeName: "IIT Delhi", course: "B.Tech" };

async function post(context: BrowserContext, path: string, body: Record<string, string>) {
  const res = await context.request.post(`/api/v1${path}`, { data: { ...DETAILS, ...body } });
  expect(res.ok(), path).toBe(true);
  return res.json();
}

test("an individual registrant is offered 'Cancel registration' in the block below the deadline", async ({
  page,
  context,
  baseURL,
}) => {
  const { eventNumber: n } = seedRegistrationEvent();
  await loginAs(context, baseURL!, { firstName: "Ira" });
  await post(context, `/event/${n}/register`, {});
  await page.goto(`/event/${n}`);
  const block = page.getByTestId("registration-block");
  await expect(block.getByTestId("leave")).toHaveText("Cancel registration");
  await expect(block.getByTestId("team-card")).toHaveCount(0);
  // The block sits below the deadline block.
  const deadline = await page.getByTestId("deadline").boundingBox();
  const below = await block.boundingBox();
  expect(below!.y).toBeGreaterThan(deadline!.y + deadline!.height - 1);
});

test("a leader copies the code, removes a member and gets a new code on the team page", async ({
  page,
  context,
  person,
  baseURL,
  jsEnabled,
  mailbox,
}) => {
  const { eventNumber: n } = seedRegistrationEvent(teamEvent);
  await loginAs(context, baseURL!, { firstName: "Lead" });
  const team = await post(context, `/event/${n}/register`, { teamName: "Night Owls" });
  const oldCode: string = team.team.code;
  const ria = await person("Ria");
  await post(ria.context, `/event/${n}/team/join`, { code: oldCode });
  await ria.close();

  // The event page: the team card with its code and, with JavaScript, a copy button.
  await page.goto(`/event/${n}`);
  const block = page.getByTestId("registration-block");
  await expect(block.getByTestId("leave")).toHaveText("Leave team");
  await expect(block.getByTestId("team-code")).toHaveText(oldCode);
  const copy = block.getByTestId("copy-code");
  if (jsEnabled) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await copy.click();
    await expect(copy).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldCode);
  } else {
    await expect(copy).toHaveCount(0);
  }

  // The team page: the leader removes Ria, who is mailed.
  await block.getByTestId("manage-team").click();
  await expect(page).toHaveURL(`/event/${n}/team`);
  await expect(page.getByTestId("team-member")).toHaveCount(2);
  await page.getByTestId("remove-Ria").click();
  await expect(page.getByTestId("toast")).toContainText("Removed from the team");
  await expect(page.getByTestId("team-member")).toHaveCount(1);
  await expect(page.getByTestId("team-progress")).toHaveText("Needs 1 more");
  await mailbox.latest(ria.user.email, /You were removed from the team Night Owls/);
  // My Registrations shows the team's state and the time left.
  await page.goto("/my/registrations");
  const card = page.getByTestId("registration-card").filter({ hasText: "Night Owls" });
  await expect(card).toContainText("Needs 1 more");
  await expect(card).toContainText(/\d+ days? left to complete your team/);
  await page.goto(`/event/${n}/team`);

  // A new code: shown at once, the old one no longer joins.
  await page.getByTestId("new-code").click();
  await expect(page.getByTestId("toast")).toContainText("new code");
  await expect(page.getByTestId("team-code")).not.toHaveText(oldCode);
  const newCode = (await page.getByTestId("team-code").innerText()).trim();
  expect(newCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  const late = await person("Kabir");
  const stale = await late.context.request.post(`/api/v1/event/${n}/team/join`, {
    data: { ...DETAILS, code: oldCode },
  });
  expect(stale.status()).toBe(404);
  await late.close();
});
