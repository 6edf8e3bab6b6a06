import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { shot } from "./shots";
import { seedRegistrationEvent, teamEvent } from "./registration-seed";
import { loginAs } from "./session";

/** SPEC-2 §1-2 journeys, with JavaScript on and off (the two projects). */

// Three people in three browser contexts: more page loads than the default 30 s allows on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** With SHOTS=dir, the page at phone and desktop widths, to look at. */

async function fillDetails(page: Page, phone = "9876543210") {
  await page.getByLabel("Phone Number").fill(phone);
}

test("a student registers alone", async ({ page, context, baseURL, mailbox, jsEnabled }) => {
  const { eventNumber: n, eventName } = seedRegistrationEvent({ capacity: 50 });
  await page.goto(`/event/${n}`);
  const block = page.getByTestId("registration-block");
  await expect(block).toHaveAttribute("data-state", "open");
  // Signed out, the button leads to /login and comes back to the form.
  await expect(block.getByTestId("register")).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent(`/event/${n}/register`)}`,
  );

  const user = await loginAs(context, baseURL!, { firstName: "Solo" });
  await page.goto(`/event/${n}`);
  await block.getByTestId("register").click();
  await expect(page).toHaveURL(`/event/${n}/register`);
  await expect(page.getByLabel("College Name")).toHaveValue("IIT Delhi");
  await expect(page.getByLabel("Course")).toHaveValue("B.Tech");
  await fillDetails(page, "12345");
  await page.getByTestId("submit-register").click();
  await expect(page.getByText("Invalid Number")).toBeVisible();
  await shot(page, "register-error", jsEnabled);
  await expect(page.getByLabel("College Name")).toHaveValue("IIT Delhi");
  await fillDetails(page);
  await page.getByTestId("submit-register").click();

  await expect(page).toHaveURL(`/event/${n}`);
  await expect(block.getByTestId("registered")).toHaveText("You're registered");
  await expect(block).toContainText("1 of 50 places taken");
  await mailbox.latest(user.email, /You're registered/);
  await page.goto("/my/registrations");
  await expect(page.getByTestId("registration-card")).toContainText(eventName);
  await shot(page, "my-registrations", jsEnabled);

  // Cancelling frees the place.
  await page.goto(`/event/${n}`);
  await block.getByTestId("leave").click();
  await expect(page.getByTestId("confirm-step")).toContainText("Cancel your registration?");
  await page.getByTestId("confirm").click();
  await expect(block).toHaveAttribute("data-state", "open");
  await expect(block).toContainText("0 of 50 places taken");
});

test("a leader creates a team, shares the link, two friends join, one leaves", async ({
  page,
  context,
  person,
  baseURL,
  jsEnabled,
  mailbox,
}) => {
  // Three people in three browser contexts: ~18-26 s on two busy cores.
  test.setTimeout(60_000);
  const { eventNumber: n } = seedRegistrationEvent(teamEvent);
  const leader = await loginAs(context, baseURL!, { firstName: "Lead" });
  await page.goto(`/event/${n}`);
  await page.getByTestId("registration-block").getByTestId("create-team").click();
  await page.getByLabel("Team Name").fill("Night Owls");
  await fillDetails(page);
  await page.getByTestId("submit-register").click();
  await expect(page).toHaveURL(`/event/${n}/team`);
  await expect(page.getByTestId("team-progress")).toHaveText("Needs 1 more");
  const code = (await page.getByTestId("team-code").textContent())!.trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  // The invite link is shown in full (issue 31).
  const link = page.getByRole("link", { name: `${baseURL}/event/${n}/team/join?code=${code}` });
  const invite = (await link.getAttribute("href"))!;

  const friends = [await person("Ria"), await person("Kabir")];
  for (const f of friends) {
    await f.page.goto(invite);
    await expect(f.page.getByLabel("Team code")).toHaveValue(code);
    await expect(f.page.getByTestId("team-preview")).toContainText("Night Owls");
    await shot(f.page, "join", jsEnabled);
    await fillDetails(f.page);
    await f.page.getByTestId("submit-join").click();
    await expect(f.page).toHaveURL(`/event/${n}/team`);
    await expect(f.page.getByTestId("team-code")).toHaveText(code);
  }
  await mailbox.latest(leader.email, /Kabir joined your team Night Owls/);
  await page.reload();
  await expect(page.getByTestId("team-member")).toHaveCount(3);
  await expect(page.getByTestId("team-progress")).toHaveText("Team complete");

  // One leaves from the team page; the team keeps the other two.
  const kabir = friends[1];
  await kabir.page.getByTestId("leave").click();
  await expect(kabir.page.getByTestId("confirm-step")).toContainText("Leave Night Owls?");
  await kabir.page.getByTestId("confirm").click();
  await expect(kabir.page).toHaveURL(`/event/${n}`);
  await expect(kabir.page.getByTestId("registration-block")).toHaveAttribute("data-state", "open");
  await page.reload();
  await expect(page.getByTestId("team-member")).toHaveCount(2);
  await expect(page.getByTestId("team-member")).toContainText(["Lead", "Ria"]);
  for (const f of friends) await f.close();
});

test("a student finds a team on the board, asks, and is accepted", async ({
  page,
  context,
  person,
  baseURL,
  jsEnabled,
  mailbox,
}) => {
  // Three people in three browser contexts: ~18-26 s on two busy cores.
  test.setTimeout(60_000);
  const { eventNumber: n, eventName } = seedRegistrationEvent(teamEvent);
  const leader = await loginAs(context, baseURL!, { firstName: "Meera" });
  await page.goto(`/event/${n}/register`);
  await page.getByLabel("Team Name").fill("Pixel Pushers");
  await fillDetails(page);
  await page.getByTestId("submit-register").click();
  // Registered (the team page) before going on: a goto could cancel the register in flight.
  await expect(page).toHaveURL(`/event/${n}/team`);
  await page.goto(`/event/${n}/teammates`);
  // No phone or e-mail on the board (issue 31): refused with a clear message, nothing posted.
  const pitch = page.getByLabel("Who are you looking for?");
  await pitch.fill("A designer, WhatsApp me on 98765 43210");
  await page.getByTestId("post-listing").click();
  await expect(
    page.getByText("Remove e-mail addresses and phone numbers from your pitch"),
  ).toBeVisible();
  await expect(pitch).toHaveValue("A designer, WhatsApp me on 98765 43210");
  await shot(page, "issue31-pitch-refused", jsEnabled);
  await expect(page.getByTestId("team-listing")).toHaveCount(0);
  await pitch.fill("A designer who can also write some CSS");
  await page.getByTestId("post-listing").click();
  await expect(page.getByTestId("team-listing")).toContainText("Pixel Pushers");
  // 'Update listing' opens with the pitch posted.
  await page.reload();
  await expect(page.getByTestId("post-listing")).toHaveText("Update listing");
  await expect(pitch).toHaveValue("A designer who can also write some CSS");
  await page.goto(`/event/${n}/team`);
  const code = (await page.getByTestId("team-code").first().innerText()).trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);

  const seeker = await person("Arjun");
  // SPEC-2 §1: the code is shown to the team's members only, on no page an outsider can open.
  for (const path of [`/event/${n}`, `/event/${n}/teammates`, `/event/${n}/team`]) {
    await seeker.page.goto(path);
    expect(await seeker.page.content(), path).not.toContain(code);
  }
  await seeker.page.goto(`/event/${n}`);
  await seeker.page.getByTestId("registration-block").getByTestId("find-teammates").click();
  const listing = seeker.page.getByTestId("team-listing").filter({ hasText: "Pixel Pushers" });
  await expect(listing).toContainText("Led by Meera");
  await shot(seeker.page, "teammates", jsEnabled);
  await listing.getByTestId("ask-to-join").click();
  await seeker.page.getByLabel("Message to the leader").fill("I design and write CSS");
  await fillDetails(seeker.page);
  await seeker.page.getByTestId("send-request").click();
  await expect(seeker.page).toHaveURL(`/event/${n}/teammates`);
  // The card says so (issue 31), instead of offering to ask again.
  await expect(listing.getByTestId("requested")).toHaveText("Requested");
  await expect(listing.getByTestId("ask-to-join")).toHaveCount(0);
  await shot(seeker.page, "issue31-requested", jsEnabled);
  await mailbox.latest(leader.email, /Arjun asks to join your team Pixel Pushers/);

  await page.goto(`/event/${n}/team`);
  const request = page.getByTestId("join-request");
  await expect(request).toContainText("I design and write CSS");
  await shot(page, "team-requests", jsEnabled);
  await request.getByTestId("accept").click();
  await expect(page.getByTestId("team-member")).toHaveCount(2);
  await expect(page.getByTestId("team-progress")).toHaveText("Team complete");

  await seeker.page.goto("/my/registrations");
  const card = seeker.page.getByTestId("registration-card");
  await expect(card).toContainText(eventName);
  await expect(card).toContainText("Pixel Pushers");
  // Now a member, the seeker sees the code.
  await seeker.page.goto(`/event/${n}/team`);
  await expect(seeker.page.getByTestId("team-code").first()).toHaveText(code);
  await seeker.close();
});
